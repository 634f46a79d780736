import { documentHeaders } from "../lib/document-headers";
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { PUBLIC_TOKEN_PATTERN } from "#schema/public-token.ts";
import { certificatePageHeaders, readerOf, renderInvalidCodePage } from "../lib/certificate-page";
import { checkPagePolicy } from "../lib/check-page-policy";

/**
 * The pages that check a copy of a sealed report: `/v/<token>/check` (linked from a sealed code's
 * certificate) and `/verify` (linked from the landing page, for any sealed PDF and for typing a
 * verification code; worker/routes/verify.ts). Both are the static
 * check.html (its own small script, built beside the SPA, which lazily loads pdf.js); the file is
 * read in the browser and never uploaded, so the page needs no database. The certificate itself
 * stays script-free. The form to type a verification code belongs to /verify only: on a code's own
 * check page it is left out of the document, so it is absent with or without script.
 */
export async function checkPage(
  c: { env: AppEnv["Bindings"]; req: { url: string } },
  { codeForm }: { codeForm: boolean },
) {
  // "/check", not "/check.html": static assets answer a .html path with a redirect to its bare name.
  let asset = await c.env.ASSETS.fetch(new URL("/check", c.req.url));
  if (!codeForm) {
    const dropForm = {
      element(element: Element) {
        element.remove();
      },
    };
    asset = new HTMLRewriter().on("[data-verify-only]", dropForm).transform(asset);
  }
  const headers = new Headers(asset.headers);
  // The body may have changed length; the validator named the stored file.
  if (!codeForm) ["Content-Length", "ETag"].forEach((name) => headers.delete(name));
  // Script from this origin only (the page's module and pdf.js's worker), nothing inline, no eval;
  // under Vite's dev server also what Vite injects (worker/lib/check-page-policy.ts).
  for (const [name, value] of Object.entries(documentHeaders(checkPagePolicy(c.req.url)))) headers.set(name, value);
  headers.set("X-Robots-Tag", "noindex, nofollow");
  return new Response(asset.body, { status: asset.status, headers });
}

export const checkPageRoutes = new Hono<AppEnv>().get("/v/:token/check", (c) => {
  if (!PUBLIC_TOKEN_PATTERN.test(c.req.param("token"))) {
    const reader = readerOf(c.req.url, c.req.header("Accept-Language"), new URL(c.req.url).host);
    return c.html(renderInvalidCodePage(reader), 404, certificatePageHeaders());
  }
  return checkPage(c, { codeForm: false });
});
