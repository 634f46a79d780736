import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "../env";
import { clientAddress, clientNetwork } from "../lib/client-address";
import { ApiError } from "../lib/errors";

type LimiterName =
  "AUTH_IP_LIMITER" | "AUTH_EMAIL_LIMITER" | "PUBLIC_LIMITER" | "EMAIL_LIMITER" | "VERIFICATION_CODE_LIMITER";

export async function enforceRateLimit(c: Context<AppEnv>, limiter: LimiterName, key: string) {
  const { success } = await c.env[limiter].limit({ key });
  if (!success) {
    throw new ApiError(429, "Too many attempts. Please wait a minute and try again.", undefined, {
      "Retry-After": "60",
    });
  }
}

/**
 * Limits by client address before the handler runs (uses the Workers Rate Limiting binding). The
 * key is the route's pattern (/v/:token), not the path: a flood of different tokens from one
 * address shares one budget, so guessing codes or invite links is limited like any other flood.
 */
export const rateLimitByAddress = (limiter: LimiterName) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await enforceRateLimit(c, limiter, `${routePath(c, -1)}:${clientAddress(c)}`);
    await next();
  });

/**
 * The scan path (/v/:token) and the certificate API (/api/public/certificates/:token) answer the
 * same question, so they share one budget per address: switching between them gains nothing.
 */
export const rateLimitScans = createMiddleware<AppEnv>(async (c, next) => {
  await enforceRateLimit(c, "PUBLIC_LIMITER", `scan:${clientAddress(c)}`);
  await next();
});

/**
 * A typed verification code is a guess until it matches, so every attempt (the /verify form and
 * the API alike) spends from a small budget per network (an IPv6 /64, an IPv4 address) before the
 * look-up, on top of the scan budget: limiting only the misses would answer a hit while refusing a
 * miss, which tells a guesser which is which. HEAD is refused: it would answer without a log row.
 */
export const rateLimitTypedCodes = createMiddleware<AppEnv>(async (c, next) => {
  // HEAD would answer whether a code exists without the visit being logged or alerted.
  if (c.req.method === "HEAD") throw new ApiError(405, "Type the code with GET", undefined, { Allow: "GET" });
  await enforceRateLimit(c, "PUBLIC_LIMITER", `scan:${clientAddress(c)}`);
  await enforceRateLimit(c, "VERIFICATION_CODE_LIMITER", `typed:${clientNetwork(c)}`);
  await next();
});
