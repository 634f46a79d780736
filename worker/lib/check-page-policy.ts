/**
 * The Content-Security-Policy of the check pages (/verify, /v/<token>/check; worker/routes/check-page.ts):
 * script from this origin only (the page's module and pdf.js's worker), nothing inline, no eval.
 */
const CHECK_PAGE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * Whether this Worker runs under Vite's dev server (`npm run dev`), where the module runner provides
 * both. Neither is a setting a deployment could change: `vite build` replaces `import.meta.hot`
 * with `undefined` in every build, whatever its mode or NODE_ENV, so the bundler drops the dev
 * branch; under vitest the mode is "test", so the API tests see the production policy.
 */
const UNDER_VITE_DEV_SERVER = import.meta.env.MODE === "development" && import.meta.hot !== undefined;

/**
 * The check pages' policy for this request. Under the dev server only, it also admits what Vite
 * puts into the page: the React plugin's inline module preamble (script-src), the `<style>`
 * elements /@vite/client injects for every CSS import (style-src), and its hot-reload WebSocket
 * on the page's own host (connect-src; 'self' covers ws: only in CSP Level 3 browsers).
 */
export function checkPagePolicy(requestUrl: string): string {
  if (!UNDER_VITE_DEV_SERVER) return CHECK_PAGE_POLICY;
  const added: Record<string, string> = {
    "script-src": "'unsafe-inline'",
    "style-src": "'unsafe-inline'",
    "connect-src": `ws://${new URL(requestUrl).host}`,
  };
  return CHECK_PAGE_POLICY.split("; ")
    .map((directive) => {
      const name = directive.split(" ")[0]!;
      return name in added ? `${directive} ${added[name]}` : directive;
    })
    .join("; ");
}
