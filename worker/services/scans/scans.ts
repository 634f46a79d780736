import { and, desc, eq, sql } from "drizzle-orm";
import { DAY_MS } from "#schema/limits.ts";
import { codeScanCounts, qrCodes, scanEvents } from "#schema/tables.ts";
import { CODE_SCANS_LIMIT, SCAN_CHART_DAYS } from "#schema/validation/scans.ts";
import type { Database } from "#worker/db.ts";
import { scannedNoEarlierThan } from "#worker/lib/scan-time-bounds.ts";

/** What the scan log shows of a visit (never the visitor's hash): the screens and the scans export. */
export const scanColumns = {
  at: scanEvents.scannedAt,
  kind: scanEvents.kind,
  counted: scanEvents.counted,
  country: scanEvents.country,
  city: scanEvents.city,
  deviceClass: scanEvents.deviceClass,
  page: scanEvents.page,
  checkVerdict: scanEvents.checkVerdict,
};

/** The chart's days, oldest first, ending today (UTC): the same calendar days the certificate's dates use. */
function chartDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: SCAN_CHART_DAYS }, (_, index) =>
    new Date(today - (SCAN_CHART_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * Counted scans per day over the chart's window; days without scans are there with 0, so the chart
 * has no gaps. Finished days come from their roll-up (code_scan_days) and only the days since the
 * roll-up's watermark (today, usually) from the raw scan log: the cost does not grow with the
 * code's history or with the month's scans before today. The raw part also names the window's
 * start as a constant: the watermark is only known as the query runs, and without a bound known
 * when it is planned Postgres plans (and costs) every month of the history.
 */
async function dailyCounts(db: Database, codeId: number) {
  const days = chartDays(new Date());
  const result = await db.execute<{ day: string; count: string }>(sql`
    WITH mark AS (SELECT rolled_until FROM scan_rollup_watermark WHERE id = 1)
    SELECT day, sum(count) AS count FROM (
      SELECT rolled.day::text AS day, rolled.counted AS count FROM code_scan_days rolled
      WHERE rolled.code_id = ${codeId} AND rolled.day >= ${days[0]}::date
        AND rolled.day < (SELECT rolled_until FROM mark)
      UNION ALL
      SELECT to_char(scan.scanned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1 FROM scan_events scan
      WHERE scan.qr_code_id = ${codeId} AND scan.counted
        AND scan.scanned_at >= ${days[0]}::date::timestamp AT TIME ZONE 'UTC'
        AND scan.scanned_at >= greatest(${days[0]}::date, (SELECT rolled_until FROM mark))::timestamp AT TIME ZONE 'UTC'
    ) counts GROUP BY day`);
  const counts = new Map(result.rows.map((row) => [row.day, Number(row.count)]));
  return days.map((date) => ({ date, count: counts.get(date) ?? 0 }));
}

/**
 * Distinct people who scanned the code, kept as each scan is counted (a counted scan by a visitor
 * never seen on the code adds one), so the log never reads the code's whole history to count them.
 */
async function uniqueScanners(db: Database, codeId: number) {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${codeScanCounts.visitors}), 0)`.mapWith(Number) })
    .from(codeScanCounts)
    .where(eq(codeScanCounts.codeId, codeId));
  return row?.count ?? 0;
}

/**
 * How far back a list of the newest scans looks first. With the planned bound's day of margin that
 * is 32 days: this month's partition and last month's (and the one before, in a month's first days).
 */
const NEWEST_SCANS_FIRST_LOOK_DAYS = 31;

/**
 * The newest `limit` scans, newest first, read over the last month first: a busy code or company
 * then plans and reads one or two monthly partitions, not every month kept. When the month holds
 * fewer than asked, the whole history is read again; the first read, when full, is exactly what
 * the second would be.
 */
async function newestScans<Row>(limit: number, read: (since?: number) => Promise<Row[]>) {
  const recent = await read(Date.now() - NEWEST_SCANS_FIRST_LOOK_DAYS * DAY_MS);
  return recent.length === limit ? recent : read();
}

const sinceCondition = (since?: number) =>
  since === undefined ? undefined : scannedNoEarlierThan(scanEvents.scannedAt, since);

function latestScans(db: Database, codeId: number) {
  return newestScans(CODE_SCANS_LIMIT, (since) =>
    db
      .select(scanColumns)
      .from(scanEvents)
      .where(and(eq(scanEvents.qrCodeId, codeId), sinceCondition(since)))
      .orderBy(desc(scanEvents.scannedAt), desc(scanEvents.id))
      .limit(CODE_SCANS_LIMIT),
  );
}

/** One code's scan log: the latest visits, the per-day chart and how many distinct people scanned. */
export async function loadCodeScans(db: Database, codeId: number) {
  const [scans, daily, unique] = await Promise.all([
    latestScans(db, codeId),
    dailyCounts(db, codeId),
    uniqueScanners(db, codeId),
  ]);
  return { scans, daily, uniqueScanners: unique };
}

/** The company's newest scans across all its codes (dashboard "Recent scans"). */
export function recentCompanyScans(db: Database, companyId: number, limit: number) {
  return newestScans(limit, (since) =>
    db
      .select({
        ...scanColumns,
        code: {
          id: qrCodes.id,
          publicToken: qrCodes.publicToken,
          propertyType: qrCodes.propertyType,
          propertyAddress: qrCodes.propertyAddress,
          propertyReference: qrCodes.propertyReference,
          propertyArea: qrCodes.propertyArea,
        },
      })
      .from(scanEvents)
      .innerJoin(qrCodes, eq(qrCodes.id, scanEvents.qrCodeId))
      .where(and(eq(scanEvents.companyId, companyId), eq(scanEvents.kind, "scan"), sinceCondition(since)))
      .orderBy(desc(scanEvents.scannedAt), desc(scanEvents.id))
      .limit(limit),
  );
}
