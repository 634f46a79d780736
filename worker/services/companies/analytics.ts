import { and, count, eq, gte, isNotNull, sql, type SQL } from "drizzle-orm";
import type { PlatformStats } from "#schema/responses/index.ts";
import { companies, companyScanCounts, qrCodes, scanEvents, users } from "#schema/tables.ts";
import type { Queryable, Reader } from "#worker/db.ts";
import { scannedNoEarlierThan } from "#worker/lib/scan-time-bounds.ts";

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

/** Midnight UTC today, computed by the database so every Worker agrees with the stored timestamps. */
const startOfTodayUtc = sql`date_trunc('day', now(), 'UTC')`;

/** Today's scans: the database's midnight decides; the Worker's clock lets Postgres plan only today's month. */
function scannedToday() {
  const now = new Date();
  return and(
    gte(scanEvents.scannedAt, startOfTodayUtc),
    scannedNoEarlierThan(scanEvents.scannedAt, Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
  );
}

/**
 * The administrator's dashboard numbers, each one count over an index, run concurrently. Its
 * "verifications" (the spec's `verificationsToday`) are today's counted scans of real codes; orphan
 * scans (unknown tokens, no code), previews and repeats are not counted.
 */
export async function loadPlatformStats(db: Queryable): Promise<PlatformStats> {
  const [totalUsers, activeCompanies, totalQRCodes, countedScansToday, companiesAwaitingVerification] =
    await Promise.all([
      db.$count(users),
      db.$count(companies, eq(companies.isActive, true)),
      db.$count(qrCodes),
      db.$count(scanEvents, and(scannedToday(), isNotNull(scanEvents.qrCodeId), eq(scanEvents.counted, true))),
      db.$count(companies, eq(companies.verificationStatus, "pending")),
    ]);
  return {
    totalUsers,
    activeCompanies,
    totalQRCodes,
    verificationsToday: countedScansToday,
    companiesAwaitingVerification,
  };
}
