import { Hono } from "hono";
import type { CompanyStats } from "../../schema/responses";
import type { AppEnv } from "../env";
import { readAsCompanyUser, requireSessionToken } from "../middleware/auth";
import { companyStatsQuery } from "../services/analytics";

/** The dashboard's numbers for the signed-in user's company (/api/analytics/stats). */
export const analyticsRoutes = new Hono<AppEnv>().get("/stats", requireSessionToken, async (c) => {
  const [stats] = await readAsCompanyUser(c, (companyId) => companyStatsQuery(c.var.db, companyId));
  return c.json(
    (stats ?? { totalQRCodes: 0, thisMonth: 0, verifications: 0, hasSealedReport: false }) satisfies CompanyStats,
  );
});
