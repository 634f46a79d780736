import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { DAY_MS } from "#schema/limits.ts";

/**
 * `scanned_at` is no earlier than a day before `earliest` (milliseconds, the Worker's clock). It is
 * a bound Postgres knows when it plans the query, so only the monthly partitions of scan_events from
 * there on are planned, locked and probed. A bound the database computes (`now()`, a watermark) is
 * known only as the query runs: every month of the history is then planned and each one probed, a
 * cost that grows with the months kept. The query keeps the database's own bound, which decides;
 * the day's margin keeps every row that bound wants even when the Worker's clock runs ahead.
 */
export function scannedNoEarlierThan(scannedAt: PgColumn | SQL, earliest: number): SQL {
  return sql`${scannedAt} >= ${new Date(earliest - DAY_MS).toISOString()}::timestamptz`;
}
