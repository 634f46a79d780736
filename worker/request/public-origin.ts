import type { Context } from "hono";
import type { AppEnv } from "../env";

/** The origin the app is reached at: PUBLIC_ORIGIN when set (behind a proxy, in emails), else the request's own. */
export function publicOrigin(c: Context<AppEnv>): string {
  return c.var.config.PUBLIC_ORIGIN?.replace(/\/$/, "") ?? new URL(c.req.url).origin;
}
