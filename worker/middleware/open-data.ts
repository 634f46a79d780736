import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../env";
import { STRICT_TRANSPORT_SECURITY } from "../lib/document-headers";

/**
 * Headers for what ValuSeal publishes for anyone to check (the key history, the log, signed
 * statuses): readable by any site's script (no credentials are ever involved, so `*` exposes
 * nothing private), never framed or sniffed as HTML.
 */
export const openDataHeaders = [
  secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    xFrameOptions: "DENY",
    referrerPolicy: "no-referrer",
    strictTransportSecurity: STRICT_TRANSPORT_SECURITY,
    crossOriginResourcePolicy: "cross-origin",
  }),
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    c.header("Access-Control-Allow-Origin", "*");
  }),
] as const;
