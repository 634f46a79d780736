/*
 * The signed-in app's script chunks, by what they hold: the router and the protected layout load
 * them when a screen renders, and the entry (web/main.tsx) starts them at once when a token says
 * someone is signed in (preloadSignedInScreens), beside the session's request, so a phone on a slow
 * network waits for one wave of script after the entry instead of three in a row (issue 51).
 */
export const appShellChunk = () => import("./layout/app-shell");
export const workspaceChunk = () => import("./workspace-routes");
export const adminChunk = () => import("../features/admin/routes");
export const lenderChunk = () => import("../features/reliance/routes");

/** The screens whose chunk a path needs, as the router maps them (the lenders' and the administrators' own). */
const LENDER_SCREENS = /^\/(reliance|portfolio)(\/|$)/;
const ADMIN_SCREENS = /^\/admin(\/|$)/;

/** Starts the signed-in frame's chunk and the chunk of the screen at `pathname`; nothing waits for them. */
export function preloadSignedInScreens(pathname: string) {
  const screen = LENDER_SCREENS.test(pathname)
    ? lenderChunk
    : ADMIN_SCREENS.test(pathname)
      ? adminChunk
      : workspaceChunk;
  // A failed preload is no error: the screen asks again when it renders, and reports it then.
  for (const load of [appShellChunk, screen]) void load().catch(() => {});
}
