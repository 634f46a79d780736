import { and, count, eq, gte, sql } from "drizzle-orm";
import { Hono } from "hono";
import { companies, qrCodes } from "../../schema/tables";
import type { Database } from "../db";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../lib/company";
import { requireCompanyUser, requireUser } from "../middleware/auth";

/**
 * The dashboard's numbers (SPEC 3 "User stats") in one query that does not grow with the company:
 * the totals are the company's running counters (kept by a trigger on qr_codes, migration 0002)
 * and the month's count is a range of the (company_id, created_at) index.
 */
export function companyStatsQuery(db: Pick<Database, "select">, companyId: number) {
  const createdThisMonth = db
    .select({ total: count() })
    .from(qrCodes)
    .where(and(eq(qrCodes.companyId, companyId), gte(qrCodes.createdAt, sql`date_trunc('month', now())`)));
  return db
    .select({
      totalQRCodes: companies.qrCodeCount,
      thisMonth: sql<number>`(${createdThisMonth})`.mapWith(Number),
      verifications: companies.verificationCount,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
}

export const analyticsRoutes = new Hono<AppEnv>().get("/stats", requireUser, requireCompanyUser, async (c) => {
  const [stats] = await companyStatsQuery(c.var.db, currentCompanyId(c));
  return c.json(stats ?? { totalQRCodes: 0, thisMonth: 0, verifications: 0 });
});
