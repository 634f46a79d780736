/**
 * Valuation dates counted back from today: a code is valid only for a while after its valuation
 * date, so a fixed date would expire and turn a certificate from "Verified Authentic" to expired
 * on some later day. Plain values with no imports, for both runtimes' fixtures and tests.
 */

/** Days before today of the valuation every fixture code gets: inside the shortest validity period (30 days). */
export const RECENT_VALUATION_DAYS = 20;

/** The calendar day `daysAgo` days before today (UTC), written as the API and the screens write it. */
export function valuationDay(daysAgo: number) {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - daysAgo));
  const [yyyy, mm, dd] = day.toISOString().slice(0, 10).split("-");
  return {
    /** "05/11/2026": what the create form and the API take; the history, dashboard and successor lists show it. */
    dayMonthYear: `${dd}/${mm}/${yyyy}`,
    /** "2026-11-05": the ISO form the API and the list filter also take. */
    iso: `${yyyy}-${mm}-${dd}`,
    /** "2026-11-05T00:00:00.000Z": as the API answers, and as a row stores it. */
    timestamp: day.toISOString(),
    /** "5 November 2026": the certificate's and the detail screens' long form (en-GB, UTC). */
    long: day.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
  };
}

/** The valuation date of every code a fixture makes unless a test says otherwise. */
export const RECENT_VALUATION = valuationDay(RECENT_VALUATION_DAYS);
