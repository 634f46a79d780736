import { sql } from "drizzle-orm";

/**
 * A code's counted scans (or distinct scanners): the sum of its shards in code_scan_counts, at
 * most a few rows read through the table's key. `code` is the SQL alias of the qr_codes row.
 */
export const scanTotalExpression = (code: string, total: "scans" | "visitors" = "scans") =>
  `(SELECT coalesce(sum(tally.${total}), 0) FROM code_scan_counts tally WHERE tally.code_id = ${code}.id)::int`;

/** The code's counted scans as a column of a drizzle select over qr_codes. */
export const scanCountColumn = () => sql<number>`${sql.raw(scanTotalExpression("qr_codes"))}`.mapWith(Number);
