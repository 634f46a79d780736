import { PUBLIC_TOKEN_PATTERN } from "#schema/public-token.ts";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "../env";
import { clientNetworks } from "../request/client-network";
import { ApiError } from "../lib/errors";

type LimiterName =
  | "AUTH_IP_LIMITER"
  | "AUTH_EMAIL_LIMITER"
  | "PUBLIC_LIMITER"
  | "EMAIL_LIMITER"
  | "VERIFICATION_CODE_LIMITER"
  | "API_KEY_LIMITER"
  | "API_NETWORK_LIMITER"
  | "EXPORT_LIMITER"
  | "UPLOAD_LIMITER";

/** The limiters that count per client, each with its wider budget per IPv6 /48 (wrangler.toml). */
const WIDE_LIMITERS = {
  AUTH_IP_LIMITER: "AUTH_IP_LIMITER_48",
  PUBLIC_LIMITER: "PUBLIC_LIMITER_48",
  EMAIL_LIMITER: "EMAIL_LIMITER_48",
  VERIFICATION_CODE_LIMITER: "VERIFICATION_CODE_LIMITER_48",
  API_NETWORK_LIMITER: "API_NETWORK_LIMITER_48",
} as const;

type ClientLimiterName = keyof typeof WIDE_LIMITERS;

async function spend(limiter: RateLimit, key: string) {
  const { success } = await limiter.limit({ key });
  if (!success) {
    throw new ApiError(429, "Too many attempts. Please wait a minute and try again.", undefined, {
      "Retry-After": "60",
    });
  }
}

/**
 * One attempt of `purpose` by this client: from the budget of its network (an IPv4 address, an
 * IPv6 /64), and for IPv6 also from the wider budget of its /48, so the 65,536 /64s of one site
 * do not get 65,536 budgets (docs/decisions/026). The /64 is checked first: a /64 already over its
 * own budget is refused without spending its neighbours' shared /48 budget.
 */
export async function enforceClientRateLimit(c: Context<AppEnv>, limiter: ClientLimiterName, purpose: string) {
  const { network, wide } = clientNetworks(c);
  await spend(c.env[limiter], `${purpose}:${network}`);
  if (wide) await spend(c.env[WIDE_LIMITERS[limiter]], `${purpose}:${wide}`);
}

/**
 * One attempt against `key`. A key that ends with the client's network (`login:${clientAddress(c)}`,
 * the form older call sites build themselves) is a per-client key: it gets the /48 budget as
 * `enforceClientRateLimit` gives it. Any other key (an email, a user, a company) is counted as is.
 */
export async function enforceRateLimit(c: Context<AppEnv>, limiter: LimiterName, key: string) {
  const { network } = clientNetworks(c);
  const suffix = `:${network}`;
  if (limiter in WIDE_LIMITERS && key.endsWith(suffix)) {
    await enforceClientRateLimit(c, limiter as ClientLimiterName, key.slice(0, -suffix.length));
    return;
  }
  await spend(c.env[limiter], key);
}

/**
 * One attempt of `purpose` by this client's network (enforceClientRateLimit), as route middleware:
 * it runs before the body is read and validated, so a flood of large or malformed bodies (a
 * password-strength estimate is milliseconds of CPU) is refused before any of that work.
 */
export const limitNetwork = (limiter: ClientLimiterName, purpose: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await enforceClientRateLimit(c, limiter, purpose);
    await next();
  });

/**
 * A lender's look-up of a valuation by the code it typed is a guess until it matches, like /verify:
 * it spends the same small per-network budget (rateLimitTypedCodes), so a verified lender's seat
 * is no faster way to enumerate verification codes. A scanned code's 16-character token is no
 * guess and spends nothing.
 */
export async function spendTypedCodeBudget(c: Context<AppEnv>, typed: string) {
  if (PUBLIC_TOKEN_PATTERN.test(typed.trim())) return;
  await enforceClientRateLimit(c, "VERIFICATION_CODE_LIMITER", "typed");
}

/**
 * Limits by client network before the handler runs (uses the Workers Rate Limiting binding). The
 * key is the route's pattern (/v/:token), not the path: a flood of different tokens from one
 * network shares one budget, so guessing codes or invite links is limited like any other flood.
 */
export const rateLimitByAddress = (limiter: ClientLimiterName) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await enforceClientRateLimit(c, limiter, routePath(c, -1));
    await next();
  });

/**
 * The scan path (/v/:token) and the certificate API (/api/public/certificates/:token) answer the
 * same question, so they share one budget per network: switching between them gains nothing.
 */
export const rateLimitScans = createMiddleware<AppEnv>(async (c, next) => {
  await enforceClientRateLimit(c, "PUBLIC_LIMITER", "scan");
  await next();
});

/**
 * A typed verification code is a guess until it matches, so every attempt (the /verify form and
 * the API alike) spends from a small budget per network (an IPv6 /64 and its /48, an IPv4 address)
 * before the look-up, on top of the scan budget: limiting only the misses would answer a hit while
 * refusing a miss, which tells a guesser which is which. HEAD is refused: it would answer without
 * a log row.
 */
export const rateLimitTypedCodes = createMiddleware<AppEnv>(async (c, next) => {
  // HEAD would answer whether a code exists without the visit being logged or alerted.
  if (c.req.method === "HEAD") throw new ApiError(405, "Type the code with GET", undefined, { Allow: "GET" });
  await enforceClientRateLimit(c, "PUBLIC_LIMITER", "scan");
  await enforceClientRateLimit(c, "VERIFICATION_CODE_LIMITER", "typed");
  await next();
});
