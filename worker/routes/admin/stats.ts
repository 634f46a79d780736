import { createRoute } from "@hono/zod-openapi";
import { platformStatsAnswer } from "#schema/responses/index.ts";
import { loadPlatformStats } from "#worker/services/companies/analytics.ts";
import { documentedRoutes, jsonAnswer } from "../contract";

const platformStats = createRoute({
  method: "get",
  path: "/",
  responses: { 200: jsonAnswer(platformStatsAnswer, "The platform dashboard's numbers") },
});

/** /api/admin/stats: the platform dashboard's numbers. */
export const adminStatsRoutes = documentedRoutes().openapi(platformStats, async (c) =>
  c.json(await loadPlatformStats(c.var.db), 200),
);
