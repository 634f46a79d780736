import { renderApiReference } from "@scalar/client-side-rendering";
import { Hono } from "hono";
import { SCALAR_ENTRY } from "../lib/api-reference";
import type { AppEnv } from "../env";
import { randomToken } from "../lib/random";
import { documentHeaders } from "../lib/document-headers";

/**
 * /docs: the integration API's reference, rendered in the browser by Scalar from
 * /api/v1/openapi.json, with its script from this origin (scripts/lib/scalar-reference.ts). Its
 * policy lets in this origin's scripts and the page's one inline script (by a nonce made per
 * answer); styles may be inline, since the reference sets style attributes that no nonce covers.
 * Requests from its "Test request" go to this origin only.
 */
export const docsRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const nonce = randomToken(24);
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  for (const [name, value] of Object.entries(documentHeaders(policy))) c.header(name, value);
  // The nonce is this answer's own: no cache may hand the page to someone else.
  c.header("Cache-Control", "no-store");
  c.header("Cross-Origin-Opener-Policy", "same-origin");
  return c.html(
    renderApiReference({
      config: {
        url: "/api/v1/openapi.json",
        withDefaultFonts: false,
        // Nothing leaves for Scalar's own services (the policy would refuse it anyway).
        telemetry: false,
        hideClientButton: true,
        // No third-party AI chat on our reference: it would send the reader's questions to Scalar.
        agent: { disabled: true },
        theme: "default",
      },
      pageTitle: "ValuSeal API reference",
      nonce,
      bundle: SCALAR_ENTRY,
    }),
  );
});
