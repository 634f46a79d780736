import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ApiKeyScope } from "../../schema/limits";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { bearerToken } from "./auth";
import { enforceClientRateLimit, enforceRateLimit } from "./rate-limit";
import { authenticateApiKey, isApiKey, type ApiKeyCaller } from "../services/api-keys";

const KEY_REQUIRED = "Send an API key as Authorization: Bearer vsk_live_… (Settings → API keys).";

/**
 * The integration API's caller: an API key in `Authorization: Bearer vsk_live_…`, live and with
 * the route's scope. Session tokens are not accepted here, and keys are accepted nowhere else (the
 * session routes read only session tokens), so a key can never reach the admin routes.
 */
export const requireApiKey = (scope: ApiKeyScope) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const credential = bearerToken(c.req.header("Authorization"));
    if (!credential || !isApiKey(credential)) throw new ApiError(401, KEY_REQUIRED);
    // Before the lookup, so a flood of made-up keys costs the database nothing past the budget.
    await enforceClientRateLimit(c, "API_NETWORK_LIMITER", "api");
    const caller = await authenticateApiKey(c.var.db, credential, (work) => c.executionCtx.waitUntil(work));
    await enforceRateLimit(c, "API_KEY_LIMITER", `key:${caller.keyId}`);
    if (!caller.scopes.includes(scope)) {
      throw new ApiError(403, `This API key does not have the ${scope} permission. Make a key that has it.`);
    }
    c.set("apiKey", caller);
    await next();
  });

/** The key's company; a key of another company never reads or changes this one's rows. */
export function keyCompanyId(c: Context<AppEnv>): number {
  return c.var.apiKey.companyId;
}

/** A company deactivated by an administrator keeps read access but can change nothing, as in the app. */
export function assertKeyCompanyActive(caller: ApiKeyCaller) {
  if (!caller.companyActive) throw new ApiError(403, "Your company has been deactivated. Contact support.");
}
