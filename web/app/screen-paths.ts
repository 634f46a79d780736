/**
 * The signed-in screens' script chunks, by what a path shows: the firm's dashboard, the lenders'
 * screens, the administrators', and the rest of the firm's workspace for every other path. One rule for the router's
 * preload (web/app/screen-chunks.ts) and the page's inline guard (web/landing-guard.ts), which
 * starts the chunks' download before the app's script has arrived; so it imports nothing.
 */
export type SignedInScreens = "dashboard" | "workspace" | "lender" | "admin";

/** The firm's home screen, its own chunk: the first screen after signing in, and the one most opened. */
const DASHBOARD = /^\/(dashboard\/?)?$/;
const LENDER_SCREENS = /^\/(reliance|portfolio)(\/|$)/;
const ADMIN_SCREENS = /^\/admin(\/|$)/;

export function signedInScreensAt(pathname: string): SignedInScreens {
  if (DASHBOARD.test(pathname)) return "dashboard";
  if (LENDER_SCREENS.test(pathname)) return "lender";
  return ADMIN_SCREENS.test(pathname) ? "admin" : "workspace";
}
