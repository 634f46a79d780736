/** The element of index.html holding the landing page rendered ahead of time (scripts/build-landing.ts). */
export const PRERENDERED_LANDING_ID = "landing-prerender";

/**
 * Hands the screen from the landing page drawn ahead of time (web/landing-guard.ts) to the app:
 * called as the app's first screen is committed, before it is painted, so no frame shows both or
 * neither. Whatever that first screen is, the copy made ahead of time goes.
 */
export function replacePrerenderedLanding() {
  document.getElementById(PRERENDERED_LANDING_ID)?.remove();
  delete document.documentElement.dataset.prerender;
}
