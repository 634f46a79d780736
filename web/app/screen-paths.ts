/**
 * The signed-in screens' script chunks, by what a path shows: the firm's dashboard, the lenders'
 * screens, the administrators', and the rest of the firm's workspace for every other path but the
 * public ones. One rule for the router's preload (web/app/screen-chunks.ts) and the page's inline
 * guard (web/landing-guard.ts), which starts the chunks' download and draws the signed-in frame's
 * outline before the app's script has arrived; so it imports nothing.
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
