import { and, count, eq, gte, sql, type SQL } from "drizzle-orm";
import type { PlatformStats } from "#schema/responses/index.ts";
import { companies, companyScanCounts, qrCodes, scanDayTotals, users } from "#schema/tables.ts";
import type { Queryable, Reader } from "#worker/db.ts";

/**
 * The dashboard's numbers (total codes, codes this month, verifications, whether a report was sealed) in one query that does
 * not grow with the company: the code total is the company's running counter, the scan total the
 * sum of its few company_scan_counts rows (both kept by the trigger on qr_codes), and the month's
 * count is a range of the (company_id, created_at) index.
 */
export function companyStatsQuery(db: Reader, companyId: number | SQL<number>) {
  const createdThisMonth = db
    .select({ total: count() })
    .from(qrCodes)
    .where(and(eq(qrCodes.companyId, companyId), gte(qrCodes.createdAt, sql`date_trunc('month', now())`)));
  const scanTotal = db
    .select({ total: sql`coalesce(sum(${companyScanCounts.count}), 0)` })
    .from(companyScanCounts)
    .where(eq(companyScanCounts.companyId, companyId));
  // Stops at the first seal; a company that never sealed probes its codes' seals by index.
  const sealed = sql<boolean>`exists (select 1 from report_seals seal join qr_codes sealed_code on sealed_code.id = seal.qr_code_id where sealed_code.company_id = ${companyId})`;
  return db
    .select({
      totalQRCodes: companies.qrCodeCount,
      thisMonth: sql<number>`(${createdThisMonth})`.mapWith(Number),
      verifications: sql<number>`(${scanTotal})`.mapWith(Number),
      hasSealedReport: sealed.mapWith(Boolean),
    })
    .from(companies)
    .where(eq(companies.id, companyId));
}

/** Today's counted scans of real codes: the day's platform shards, kept as scans are counted (decision 070). */
export const countedScansToday = (db: Queryable) =>
  db
    .select({ total: sql<number>`coalesce(sum(${scanDayTotals.counted}), 0)`.mapWith(Number) })
    .from(scanDayTotals)
    .where(eq(scanDayTotals.day, sql`(now() AT TIME ZONE 'UTC')::date`))
    .then(([row]) => row?.total ?? 0);

/**
 * The administrator's dashboard numbers, each one count over an index or a few rows, run
 * concurrently. Its "verifications" (the spec's `verificationsToday`) are today's counted scans of
 * real codes; orphan scans (unknown tokens, no code), previews and repeats are not counted.
 */
export async function loadPlatformStats(db: Queryable): Promise<PlatformStats> {
  const [totalUsers, activeCompanies, totalQRCodes, verificationsToday, companiesAwaitingVerification] =
    await Promise.all([
      db.$count(users),
      db.$count(companies, eq(companies.isActive, true)),
      db.$count(qrCodes),
      countedScansToday(db),
      db.$count(companies, eq(companies.verificationStatus, "pending")),
    ]);
  return {
    totalUsers,
    activeCompanies,
    totalQRCodes,
    verificationsToday,
    companiesAwaitingVerification,
  };
}
