import { createRoute } from "@hono/zod-openapi";
import { companyStatsAnswer } from "#schema/responses/index.ts";
import { readAsCompanyUser, requireSessionToken } from "../middleware/auth";
import { companyStatsQuery } from "../services/companies/analytics";
import { documentedRoutes, jsonAnswer } from "./contract";

const companyStats = createRoute({
  method: "get",
  path: "/stats",
  middleware: [requireSessionToken] as const,
  responses: { 200: jsonAnswer(companyStatsAnswer, "The dashboard's numbers") },
});

/** The dashboard's numbers for the signed-in user's company (/api/analytics/stats). */
export const analyticsRoutes = documentedRoutes().openapi(companyStats, async (c) => {
  const [stats] = await readAsCompanyUser(c, (companyId) => companyStatsQuery(c.var.db, companyId));
  return c.json(stats ?? { totalQRCodes: 0, thisMonth: 0, verifications: 0, hasSealedReport: false }, 200);
});
