import { signedInScreensAt, type SignedInScreens } from "./screen-paths";

/*
 * The signed-in app's script chunks, by what they hold: the router and the protected layout load
 * them when a screen renders, and the entry (web/main.tsx) starts them at once when a token says
 * someone is signed in (preloadSignedInScreens), beside the session's request, so a phone on a slow
 * network waits for one wave of script after the entry instead of three in a row (issue 51). The
 * build puts what they share in two chunks (scripts/lib/client-chunks.ts), and the page's guard
 * starts them before the entry has arrived (web/landing-guard.ts).
 */
export const appShellChunk = () => import("./layout/app-shell");
export const dashboardChunk = () => import("./pages/dashboard-page");
export const workspaceChunk = () => import("./workspace-routes");
export const adminChunk = () => import("../features/admin/routes");
export const lenderChunk = () => import("../features/reliance/routes");

const SCREEN_CHUNKS: Record<SignedInScreens, () => Promise<unknown>> = {
  dashboard: dashboardChunk,
  workspace: workspaceChunk,
  lender: lenderChunk,
  admin: adminChunk,
};

/**
 * Starts the signed-in frame's chunk and the chunk of the screen at `pathname`, unless the app shows
 * a public page there; nothing waits for them.
 */
export function preloadSignedInScreens(pathname: string) {
  const screens = signedInScreensAt(pathname);
  if (!screens) return;
  // A failed preload is no error: the screen asks again when it renders, and reports it then.
  for (const load of [appShellChunk, SCREEN_CHUNKS[screens]]) void load().catch(() => {});
}
