/**
 * How a valuer named on a firm's certificates is compared with a published register of valuers
 * (the Valuers Registration Board's list in Kenya): one rule for the numbers, one for the names, one
 * for the result, shared by the import's diff, the Valuers screen and issuing.
 */

/** What a register says of one registration at a snapshot's publication. */
export const REGISTER_STATUSES = ["active", "suspended"] as const;
export type RegisterStatus = (typeof REGISTER_STATUSES)[number];

/**
 * A valuer's registration against a register's snapshot, as the snapshot lists it:
 * - matched: the number is on it, active, under the same name;
 * - name-differs: the number is on it under another name (a typo, or someone else's number);
 * - not-found: the number was never on any snapshot of the register;
 * - removed: it was on an earlier snapshot and is absent from this one;
 * - suspended: the register lists it as suspended.
 */
export const REGISTER_RESULTS = ["matched", "name-differs", "not-found", "removed", "suspended"] as const;
export type RegisterResult = (typeof REGISTER_RESULTS)[number];

/**
 * What a check says on a given day, when the evidence no longer holds: "stale" for a register's
 * snapshot over 13 months old (it proves nothing about this year), "expired" for a practising
 * certificate past its valid-until day.
 */
export const LAPSED_RESULTS = ["stale", "expired"] as const;

export const VALUER_CHECK_RESULTS = [...REGISTER_RESULTS, ...LAPSED_RESULTS] as const;
export type ValuerCheckResult = (typeof VALUER_CHECK_RESULTS)[number];

/** Where a check's evidence came from: a register's published list, or a practising certificate ValuSeal reviewed. */
export const VALUER_CHECK_KINDS = ["published-list", "manual-evidence"] as const;
type ValuerCheckKind = (typeof VALUER_CHECK_KINDS)[number];

/**
 * The check frozen on a code when it is issued (decision 062) and carried by its signed record:
 * what ValuSeal knew that day of the signing valuer's registration. Never rewritten: a later
 * snapshot or review changes the next code's check, not this one's.
 */
export interface ValuerRegisterCheck {
  /** The result on the day of issue: a lapsed check reads "stale" or "expired", whatever it said before. */
  result: ValuerCheckResult;
  kind: ValuerCheckKind;
  /** Who keeps the register: "Valuers Registration Board". */
  body: string;
  /** The registration number checked, as the certificate shows it. */
  registrationNumber: string;
  /** A published list's snapshot: the day it was published. */
  publishedOn: string | null;
  /** A practising certificate: the day ValuSeal reviewed it, and the last day it is valid. */
  reviewedOn: string | null;
  validUntil: string | null;
  /** The day of the check: the code's issue day. */
  checkedOn: string;
}

/**
 * How a check bears on a certificate's colour: a matched registration is confirmed; none at all,
 * or a snapshot too old to speak for this year, leaves the colour to the firm's verification
 * (neutral); any other result (not found, removed, suspended, listed under another name, an
 * expired practising certificate) is a reason the certificate cannot be green.
 */
export type ValuerCheckBearing = "confirmed" | "neutral" | "unconfirmed";

export function valuerCheckBearing(result: ValuerCheckResult | null): ValuerCheckBearing {
  if (result === null || result === "stale") return "neutral";
  return result === "matched" ? "confirmed" : "unconfirmed";
}

/** A snapshot speaks for this many months after its publication: practising certificates are renewed every 1 January. */
const SNAPSHOT_HOLDS_MONTHS = 13;

/** The last day a snapshot published on `publishedOn` speaks for; a check against it is stale after. */
export function snapshotHoldsThrough(publishedOn: string): string {
  return monthsAfter(publishedOn, SNAPSHOT_HOLDS_MONTHS);
}

/** Words written before a number that are not part of it ("VRB", "No.", "Reg."). */
const NUMBER_PREFIXES = new Set(["VRB", "NO", "NUMBER", "REG", "REGN", "REGISTRATION"]);

/**
 * "VRB/V/01182", "No. V 1182", "v-1182", "V1182", "ＶＲＢ/Ｖ/１１８２" → "V/1182": compatibility forms folded, capitals, the register's prefix and
 * "No." left out, each run of letters or digits a part (leading zeros of digits removed), the parts
 * joined by "/". Separators, spacing and zero-padding vary between a register and a report; the
 * parts do not. Empty when nothing is left.
 */
export function normaliseRegistrationNumber(raw: string): string {
  // NFKC first: full-width "ＶＲＢ/Ｖ/１１８２" is the same number, not one with nothing to match.
  return (
    raw
      .normalize("NFKC")
      .toUpperCase()
      .match(/[A-Z]+|\d+/g) ?? []
  )
    .filter((part) => !NUMBER_PREFIXES.has(part))
    .map((part) => part.replace(/^0+(?=\d)/, ""))
    .filter((part) => part !== "0")
    .join("/");
}

/** Titles and letters after a name that registers and reports add or leave out. */
const NAME_TITLES = new Set([
  "MR",
  "MRS",
  "MS",
  "MISS",
  "DR",
  "PROF",
  "ENG",
  "ARCH",
  "QS",
  "FISK",
  "MISK",
  "RV",
  "BSC",
  "MSC",
  "MA",
  "BA",
  "HONS",
  "FRICS",
  "MRICS",
]);

/**
 * "Dr. Grace W. Wanjiru, MISK" and "WANJIRU Grace W" → "GRACE W WANJIRU" sorted: capitals, titles
 * and post-nominal letters left out, punctuation dropped, and the words in alphabetical order, as
 * registers list surnames first and reports last.
 */
export function normaliseValuerName(raw: string): string {
  return raw
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== "" && !NAME_TITLES.has(word))
    .sort()
    .join(" ");
}

/** One registration as a snapshot lists it. */
export interface RegisterListing {
  name: string;
  status: RegisterStatus;
}

/**
 * A valuer against a snapshot of the register: its listing there (null when absent) and whether
 * any earlier snapshot listed the number.
 */
export function registerResult(
  valuer: { name: string },
  snapshot: { listing: RegisterListing | null; listedBefore: boolean },
): RegisterResult {
  const { listing } = snapshot;
  if (!listing) return snapshot.listedBefore ? "removed" : "not-found";
  if (listing.status === "suspended") return "suspended";
  return normaliseValuerName(listing.name) === normaliseValuerName(valuer.name) ? "matched" : "name-differs";
}

/** The ISO day `months` calendar months after `day` (the 31st falls back to the month's last day). */
function monthsAfter(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastDay));
  return first.toISOString().slice(0, 10);
}
