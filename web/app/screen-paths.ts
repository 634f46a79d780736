import { RECENT_CODES_LIMIT } from "#schema/limits/codes.ts";
import { RECENT_SCANS_DEFAULT } from "#schema/limits/scans.ts";

/**
 * The signed-in screens' script chunks, by what a path shows: the firm's dashboard, the lenders'
 * screens, the administrators', and the rest of the firm's workspace for every other path but the
 * public ones. One rule for the router's preload (web/app/screen-chunks.ts) and the page's inline
 * guard (web/landing-guard.ts), which starts the chunks' download and the screen's first reads and
 * draws the signed-in frame's outline before the app's script has arrived; so it imports nothing
 * but constants.
 */
export type SignedInScreens = "dashboard" | "workspace" | "lender" | "admin";

/** The firm's home screen, its own chunk: the first screen after signing in, and the one most opened. */
const DASHBOARD = /^\/(dashboard\/?)?$/;
const LENDER_SCREENS = /^\/(reliance|portfolio)(\/|$)/;
const ADMIN_SCREENS = /^\/admin(\/|$)/;
/**
 * The app's pages anyone may open, outside the signed-in frame (web/app/router.tsx; a unit test
 * holds the two to each other): a session kept on the device changes nothing there.
 */
const PUBLIC_PAGES = /^\/(qr-view|invite|confirm-email|reset-password|privacy-policy|terms-of-use)(\/|$)/;

/** The chunk of the signed-in screen at `pathname`; null where the app shows a public page. */
export function signedInScreensAt(pathname: string): SignedInScreens | null {
  if (PUBLIC_PAGES.test(pathname)) return null;
  if (DASHBOARD.test(pathname)) return "dashboard";
  if (LENDER_SCREENS.test(pathname)) return "lender";
  return ADMIN_SCREENS.test(pathname) ? "admin" : "workspace";
}

/**
 * The API reads the screen at this address makes as it first draws, each written as the API client
 * writes it (path and query, web/lib/api-client.ts), for the guard to start with the user's
 * (web/lib/early-reads.ts): on a slow link they are answered while the script is on its way. Only
 * the screens measured on Slow 3G (issue 51): the firm's dashboard (its figures, newest codes,
 * latest scans and setup steps) and a lender's Portfolio as it opens, unfiltered. A read listed
 * here that the screen no longer makes is asked for and never used; the browser tests fail then.
 */
export function firstReadsAt(pathname: string, search: string): string[] {
  if (DASHBOARD.test(pathname)) {
    return [
      "/api/companies/current",
      "/api/analytics/stats",
      "/api/valuers",
      "/api/billing?page=1",
      `/api/qr-codes?limit=${RECENT_CODES_LIMIT}`,
      `/api/scans/recent?limit=${RECENT_SCANS_DEFAULT}`,
    ];
  }
  if (/^\/portfolio\/?$/.test(pathname) && search === "") return ["/api/companies/current", "/api/watches?page=1"];
  return [];
}
