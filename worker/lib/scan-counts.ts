import { sql } from "drizzle-orm";

/**
 * A code's counted scans: the sum of its shards in code_scan_counts, at most a few rows read
 * through the table's key. `code` is the SQL alias of the qr_codes row.
 */
export const scanTotalExpression = (code: string) =>
  `(SELECT coalesce(sum(tally.scans), 0) FROM code_scan_counts tally WHERE tally.code_id = ${code}.id)::int`;

/** The code's counted scans as a column of a drizzle select over qr_codes. */
export const scanCountColumn = () => sql<number>`${sql.raw(scanTotalExpression("qr_codes"))}`.mapWith(Number);
