import { sql } from "drizzle-orm";

/**
 * A code's counted scans are spread over this many rows of code_scan_counts (its shards), one
 * picked at random for each batch the scan function counts (log-scans-function.ts): a code scanned
 * by a crowd updates sixteen rows in turn instead of queueing on one. Its total is their sum.
 */
export const SCAN_COUNT_SHARDS = 16;

/**
 * A code's counted scans: the sum of its shards in code_scan_counts, at most a few rows read
 * through the table's key. `code` is the SQL alias of the qr_codes row.
 */
export const scanTotalExpression = (code: string) =>
  `(SELECT coalesce(sum(tally.scans), 0) FROM code_scan_counts tally WHERE tally.code_id = ${code}.id)::int`;

/** The code's counted scans as a column of a drizzle select over qr_codes. */
export const scanCountColumn = () => sql<number>`${sql.raw(scanTotalExpression("qr_codes"))}`.mapWith(Number);
