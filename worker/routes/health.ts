import { createRoute } from "@hono/zod-openapi";
import { errorBodySchema } from "#schema/api-v1.ts";
import { healthAnswer } from "#schema/responses/index.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { signerFor } from "#worker/lib/signing.ts";
import { rateLimitByAddress } from "#worker/middleware/rate-limit.ts";
import { systemHealth } from "#worker/services/operations/health.ts";
import { documentedRoutes, jsonAnswer } from "./contract";

const readHealth = createRoute({
  method: "get",
  path: "/",
  middleware: [rateLimitByAddress("PUBLIC_LIMITER")] as const,
  responses: {
    200: jsonAnswer(healthAnswer, "Every check holds"),
    503: jsonAnswer(errorBodySchema, "A check does not hold: one line per check, each saying what was found"),
  },
});

/**
 * /api/health, for an uptime monitor and the person it pages: the database, the signing key, the
 * hourly jobs, the log's checkpoint and the webhook queue. No secrets and no personal data, two
 * small queries, rate limited like every public read; 503 when any check fails.
 */
export const healthRoutes = documentedRoutes().openapi(readHealth, async (c) => {
  const signer = await signerFor(c.var.config.SIGNING_KEY).catch(() => null);
  const health = await systemHealth(c.var.db, signer);
  c.header("Cache-Control", "no-store");
  if (health.ok) return c.json({ ...health, ok: true as const }, 200);
  const { ok: _ok, checkedAt: _checkedAt, ...checks } = health;
  throw new ApiError(
    503,
    "ValuSeal is not healthy",
    Object.entries(checks).map(([name, found]) => `${name}: ${found.ok ? "ok" : "failing"}: ${found.detail}`),
  );
});
