import { createRoute } from "@hono/zod-openapi";
import { operatorHealthAnswer } from "#schema/responses/index.ts";
import { signerFor } from "#worker/lib/signing.ts";
import { operatorHealth } from "#worker/services/operations/health.ts";
import { documentedRoutes, jsonAnswer } from "../contract";

const readOperatorHealth = createRoute({
  method: "get",
  path: "/",
  responses: { 200: jsonAnswer(operatorHealthAnswer, "The health checks and what needs a person") },
});

/** /api/admin/health: the System health card's answer (GET /api/health's checks, and the backlogs). */
export const adminHealthRoutes = documentedRoutes().openapi(readOperatorHealth, async (c) => {
  const signer = await signerFor(c.var.config.SIGNING_KEY).catch(() => null);
  c.header("Cache-Control", "no-store");
  return c.json(await operatorHealth(c.var.db, signer), 200);
});
