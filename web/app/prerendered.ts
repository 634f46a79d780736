/** The elements of index.html holding what is drawn ahead of time (web/app/prerender.tsx). */
export const PRERENDERED_LANDING_ID = "landing-prerender";
export const PRERENDERED_SHELL_ID = "shell-prerender";

/**
 * What the page's guard (web/landing-guard.ts) shows of the page drawn ahead of time: the landing
 * page, or the signed-in frame's outline. The stylesheet (web/styles.css) shows that one and hides
 * the app's own root until the app takes over.
 */
export type PrerenderedPage = "landing" | "shell";

/**
 * Hands the screen from what was drawn ahead of time to the app: called as the app's first screen
 * is committed, before it is painted, so no frame shows both or neither. Whatever that first screen
 * is, the copies made ahead of time go.
 */
export function replacePrerenderedPage() {
  for (const id of [PRERENDERED_LANDING_ID, PRERENDERED_SHELL_ID]) document.getElementById(id)?.remove();
  delete document.documentElement.dataset.prerender;
}
