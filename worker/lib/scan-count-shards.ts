import { sql } from "drizzle-orm";

/**
 * A code's counted scans are kept in rows of code_scan_counts (its shards); its total is their sum.
 * Each of a code's two Durable Objects (its token's, its typed code's; decision 045) sends one call
 * of the scan function at a time and adds to a shard of its own, so no two calls wait for one row.
 * Until decision 073 a call picked one of 16 at random, from before the objects (decision 039):
 * a young code then added a row of about 64 B with nearly each of its first scans. Codes counted
 * then keep their rows.
 */
export const codeShardOf = (byVerificationCode: boolean) => (byVerificationCode ? 1 : 0);

/**
 * The platform's counted scans of a day are spread over this many rows of scan_day_totals, one
 * picked at random per call: every code's calls add to them, so one row would queue them all.
 */
export const SCAN_DAY_SHARDS = 16;

/**
 * A code's counted scans: the sum of its shards in code_scan_counts, at most a few rows read
 * through the table's key. `code` is the SQL alias of the qr_codes row.
 */
export const scanTotalExpression = (code: string) =>
  `(SELECT coalesce(sum(tally.scans), 0) FROM code_scan_counts tally WHERE tally.code_id = ${code}.id)::int`;

/** The code's counted scans as a column of a drizzle select over qr_codes. */
export const scanCountColumn = () => sql<number>`${sql.raw(scanTotalExpression("qr_codes"))}`.mapWith(Number);
