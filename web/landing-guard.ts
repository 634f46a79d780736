import { openingLanguage, tokenStore } from "./lib/device-storage";
import { firstReadsAt, signedInScreensAt, type SignedInScreens } from "./app/screen-paths";
import type { PrerenderedPage } from "./app/prerendered";
import { startEarlyReads } from "./lib/early-reads";

/** The signed-in frame's script files and each screen chunk's, beyond the entry's (scripts/build-landing.ts). */
declare const SIGNED_IN_SCRIPTS: Record<"frame" | SignedInScreens, string[]>;

/*
 * The first thing every page of the app runs, inline in its head before anything is drawn
 * (scripts/build-landing.ts puts it there; the Content-Security-Policy names its hash). The page
 * carries, drawn ahead of time, the landing page in English for a visitor nobody has signed in, and
 * the signed-in frame's outline: on a slow mobile link one of them is on the screen after one round
 * trip instead of after the app's script (issue 51). Each shows only where the app would first show
 * exactly that: the landing page at "/", with no session kept on this device, in English; the outline
 * at a signed-in screen's address with a session kept. Anywhere else both stay hidden and the app
 * draws as before.
 *
 * With a session kept, it asks at once for the signed-in user and, at a signed-in screen's address,
 * for the screen's first reads and the script the signed-in frame and that screen need, beside the
 * entry's: on a slow link they arrive with the entry instead of one round trip after it (the app's
 * API client takes the answers, web/lib/early-reads.ts, and the app starts the same chunks when it
 * runs, web/app/screen-chunks.ts).
 */
function showPrerendered(page: PrerenderedPage) {
  document.documentElement.dataset.prerender = page;
}

const token = tokenStore.get();
if (token) {
  const { pathname, search } = window.location;
  const screens = signedInScreensAt(pathname);
  startEarlyReads(token, ["/api/auth/user", ...(screens ? firstReadsAt(pathname, search) : [])]);
  if (screens) {
    showPrerendered("shell");
    for (const file of [...SIGNED_IN_SCRIPTS.frame, ...SIGNED_IN_SCRIPTS[screens]]) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      // As the page's own module scripts are fetched (Vite writes them crossorigin), so the app's
      // imports take these responses rather than asking again.
      link.crossOrigin = "";
      link.href = file;
      document.head.append(link);
    }
  }
} else if (window.location.pathname === "/" && openingLanguage(window.location.search) === "en") {
  showPrerendered("landing");
}
