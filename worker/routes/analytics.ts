import { Hono } from "hono";
import type { CompanyStats } from "../../schema/responses";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../lib/company";
import { requireCompanyUser, requireUser } from "../middleware/auth";
import { companyStatsQuery } from "../services/analytics";

/** The dashboard's numbers for the signed-in user's company (/api/analytics/stats). */
export const analyticsRoutes = new Hono<AppEnv>().get("/stats", requireUser, requireCompanyUser, async (c) => {
  const [stats] = await companyStatsQuery(c.var.db, currentCompanyId(c));
  return c.json((stats ?? { totalQRCodes: 0, thisMonth: 0, verifications: 0 }) satisfies CompanyStats);
});
