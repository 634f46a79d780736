import { and, desc, eq, gte, sql } from "drizzle-orm";
import { DAY_MS } from "#schema/limits.ts";
import { codeScanCounts, codeScanDays, qrCodes, scanEvents } from "#schema/tables.ts";
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
 * has no gaps. Every day, today too, is the code's row in code_scan_days, which the scan function
 * adds each batch to as it counts it (decision 070): the chart reads at most a row a day, at 9 p.m.
 * as at 9 a.m., whatever the code's traffic or history.
 */
export async function dailyCounts(db: Database, codeId: number) {
  const days = chartDays(new Date());
  const rows = await db
    .select({ day: codeScanDays.day, count: codeScanDays.counted })
    .from(codeScanDays)
    .where(and(eq(codeScanDays.codeId, codeId), gte(codeScanDays.day, days[0]!)));
  const counts = new Map(rows.map((row) => [row.day, row.count]));
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
