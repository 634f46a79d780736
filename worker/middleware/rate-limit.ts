import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

type LimiterName = "AUTH_IP_LIMITER" | "AUTH_EMAIL_LIMITER" | "PUBLIC_LIMITER";

/** Cloudflare sets CF-Connecting-IP on every request; locally it is absent and all traffic shares one key. */
export const clientAddress = (c: Context) => c.req.header("CF-Connecting-IP") ?? "local";

export async function enforceRateLimit(c: Context<AppEnv>, limiter: LimiterName, key: string) {
  const { success } = await c.env[limiter].limit({ key });
  if (!success) {
    throw new ApiError(429, "Too many attempts. Please wait a minute and try again.", undefined, {
      "Retry-After": "60",
    });
  }
}

/** Limits by client address before the handler runs (uses the Workers Rate Limiting binding). */
export const rateLimitByAddress = (limiter: LimiterName) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await enforceRateLimit(c, limiter, `${c.req.path}:${clientAddress(c)}`);
    await next();
  });
