import { Hono } from "hono";
import type { AppEnv } from "../env";
import { PUBLIC_TOKEN_PATTERN } from "../../schema/validation/certificate";
import { certificatePageHeaders, renderInvalidCodePage } from "../lib/certificate-page";

/**
 * The pages that check a copy of a sealed report: `/v/<token>/check` (linked from a sealed code's
 * certificate) and `/verify` (linked from the landing page, for any sealed PDF and for typing a
 * verification code; worker/routes/verify.ts). Both are the static
 * check.html (its own small script, built beside the SPA, which lazily loads pdf.js); the file is
 * read in the browser and never uploaded, so the page needs no database. The certificate itself
 * stays script-free.
 */
export async function checkPage(c: { env: AppEnv["Bindings"]; req: { url: string } }) {
  // "/check", not "/check.html": static assets answer a .html path with a redirect to its bare name.
  const asset = await c.env.ASSETS.fetch(new URL("/check", c.req.url));
  const headers = new Headers(asset.headers);
  // Script from this origin only (the page's module and pdf.js's worker), nothing inline, no eval.
  headers.set(
    "Content-Security-Policy",
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  );
  headers.set("Referrer-Policy", "no-referrer");
  headers.set("X-Frame-Options", "DENY");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Robots-Tag", "noindex, nofollow");
  return new Response(asset.body, { status: asset.status, headers });
}

export const checkPageRoutes = new Hono<AppEnv>().get("/v/:token/check", (c) => {
  if (!PUBLIC_TOKEN_PATTERN.test(c.req.param("token"))) {
    return c.html(renderInvalidCodePage(new URL(c.req.url).host), 404, certificatePageHeaders());
  }
  return checkPage(c);
});
