import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { qrCodes } from "../../schema/tables";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../lib/company";
import { requireCompanyUser, requireUser } from "../middleware/auth";

/**
 * The dashboard's numbers for the user's company (SPEC 3 "User stats"). One query over the
 * (company_id, created_at) index: the month's count is a FILTER on the same scan, not a second query.
 */
export const analyticsRoutes = new Hono<AppEnv>().get("/stats", requireUser, requireCompanyUser, async (c) => {
  const [stats] = await c.var.db
    .select({
      totalQRCodes: sql<number>`count(*)`.mapWith(Number),
      thisMonth: sql<number>`count(*) filter (where ${qrCodes.createdAt} >= date_trunc('month', now()))`.mapWith(
        Number,
      ),
      verifications: sql<number>`coalesce(sum(${qrCodes.verificationCount}), 0)`.mapWith(Number),
    })
    .from(qrCodes)
    .where(eq(qrCodes.companyId, currentCompanyId(c)));
  return c.json(stats ?? { totalQRCodes: 0, thisMonth: 0, verifications: 0 });
});
