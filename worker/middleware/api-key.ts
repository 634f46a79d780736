import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { API_KEY_REQUESTS_PER_MINUTE, type ApiKeyScope } from "#schema/limits/integration.ts";
import type { AppEnv } from "../env";
import { ApiError, COMPANY_DEACTIVATED } from "../lib/errors";
import { bearerToken } from "./auth";
import { enforceClientRateLimit, enforceRateLimit } from "./rate-limit";
import { authenticateApiKey, isApiKey, type ApiKeyCaller } from "../services/integration/api-keys";

const KEY_REQUIRED = "Send an API key as Authorization: Bearer vsk_live_… (Settings → Developers → API Keys).";
const WINDOW_SECONDS = 60;
/** The key's budget, as the RateLimit header fields name it (a limit, and the policy's window in seconds). */
const KEY_BUDGET = {
  "RateLimit-Limit": String(API_KEY_REQUESTS_PER_MINUTE),
  "RateLimit-Policy": `${API_KEY_REQUESTS_PER_MINUTE};w=${WINDOW_SECONDS}`,
};
const KEY_BUDGET_SPENT = `This API key has made ${API_KEY_REQUESTS_PER_MINUTE} requests in the past minute. Wait for Retry-After seconds and try again.`;

/**
 * The integration API's caller: an API key in `Authorization: Bearer vsk_live_…`, live and with
 * the route's scope. Session tokens are not accepted here, and keys are accepted nowhere else (the
 * session routes read only session tokens), so a key can never reach the admin routes.
 */
export const requireApiKeyScope = (scope: ApiKeyScope) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const credential = bearerToken(c.req.header("Authorization"));
    if (!credential || !isApiKey(credential)) throw new ApiError(401, KEY_REQUIRED);
    // Before the lookup, so a flood of made-up keys costs the database nothing past the budget.
    await enforceClientRateLimit(c, "API_NETWORK_LIMITER", "api");
    const caller = await authenticateApiKey(c.var.db, credential, (work) => c.executionCtx.waitUntil(work));
    await enforceRateLimit(c, "API_KEY_LIMITER", `key:${caller.keyId}`).catch((error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 429) throw error;
      throw new ApiError(429, KEY_BUDGET_SPENT, undefined, {
        ...KEY_BUDGET,
        "RateLimit-Remaining": "0",
        "RateLimit-Reset": String(WINDOW_SECONDS),
        "Retry-After": String(WINDOW_SECONDS),
      });
    });
    if (!caller.scopes.includes(scope)) {
      throw new ApiError(403, `This API key does not have the ${scope} permission. Make a key that has it.`);
    }
    c.set("apiKey", caller);
    await next();
    // The key's budget, on every answer to a valid key; the binding does not say how much of it is
    // left, so RateLimit-Remaining (0) and RateLimit-Reset come with its refusal only. Another
    // limit's refusal (a company's exports) is not this budget's, so it does not carry it.
    if (c.res.status !== 429) for (const [name, value] of Object.entries(KEY_BUDGET)) c.res.headers.set(name, value);
  });

/** The key's company; a key of another company never reads or changes this one's rows. */
export function keyCompanyId(c: Context<AppEnv>): number {
  return c.var.apiKey.companyId;
}

/** A company deactivated by an administrator keeps read access but can change nothing, as in the app. */
export function assertKeyCompanyActive(caller: ApiKeyCaller) {
  if (!caller.companyActive) throw new ApiError(403, COMPANY_DEACTIVATED);
}
