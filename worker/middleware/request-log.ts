import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "../env";
import { tagRequest } from "../lib/error-reports";
import { logLine } from "../lib/log-lines";
import { randomToken } from "../lib/random";

/**
 * Every request gets an id: Cloudflare's Ray ID when the edge gave one (so the line meets the
 * platform's own logs), else a random one. It is answered as X-Request-Id, shown by the app's
 * error screens for a user to quote, tagged on an error reported to Sentry, and written with one
 * JSON line per request once the answer is ready (worker/lib/log-lines.ts).
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const requestId = c.req.header("cf-ray") ?? randomToken(16);
  c.set("requestId", requestId);
  tagRequest(requestId);
  const started = Date.now();
  await next();
  c.header("X-Request-Id", requestId);
  logLine({
    type: "request",
    requestId,
    method: c.req.method,
    // After next() the route index is the handler that answered; an unknown path has no pattern of its own.
    route: routePath(c) || "(no route)",
    status: c.res.status,
    durationMs: Date.now() - started,
    organisationId: c.get("user")?.company?.id ?? c.get("apiKey")?.companyId ?? null,
  });
};
