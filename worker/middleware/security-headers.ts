import type { Context, MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../env";
import { STRICT_TRANSPORT_SECURITY } from "../lib/document-headers";

/**
 * Strict-Transport-Security on everything the Worker answers: /api, the certificate pages at /v/*,
 * /verify and /v/<token>/check, their error pages, and the SPA's index.html when the Worker hands
 * an unknown /v/ or /verify path to the assets binding.
 */
export const strictTransportSecurity: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
};

/**
 * Headers for every /api answer. The API only ever returns JSON (and two redirects), so its
 * Content-Security-Policy allows nothing at all: a response opened as a document cannot run or
 * load anything, and no page may frame it. The SPA's own policy is in public/_headers, and the
 * certificate page at /v/* sets its own (worker/lib/certificate-page.ts).
 */
export const apiSecurityHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: "DENY",
  referrerPolicy: "no-referrer",
  strictTransportSecurity: STRICT_TRANSPORT_SECURITY,
});

function originOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * The origins the app itself is served from: this request's own, and PUBLIC_ORIGIN when set.
 * PUBLIC_ORIGIN is read raw, not through readConfig: a preflight must not fail on an unrelated
 * missing secret.
 */
function appOrigins(c: Context<AppEnv>): string[] {
  const configured = originOf(c.env.PUBLIC_ORIGIN);
  return configured ? [new URL(c.req.url).origin, configured] : [new URL(c.req.url).origin];
}

const isAppOrigin = (origin: string, c: Context<AppEnv>) => appOrigins(c).includes(origin);

/**
 * The SPA calls the API from its own origin only. Any other site gets no
 * Access-Control-Allow-Origin (and a preflight lists no methods), so a browser never hands it
 * an answer, even though the bearer token would not be sent by another site anyway.
 */
export const sameOriginCors = cors({
  origin: (origin, c: Context<AppEnv>) => (isAppOrigin(origin, c) ? origin : null),
  allowMethods: (origin, c: Context<AppEnv>) =>
    isAppOrigin(origin, c) ? ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] : [],
  allowHeaders: ["Authorization", "Content-Type"],
  maxAge: 600,
});
