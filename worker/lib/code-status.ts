import { sql } from "drizzle-orm";
import type { CodeStatusName } from "#schema/limits/codes.ts";

/** A timestamp column as ISO 8601 UTC text with milliseconds, as the answers and records carry times. */
export const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A code's one status (CODE_STATUSES, in order of precedence) as SQL, so every list, filter and
 * certificate computes it the same way and at the same moment as the row is read:
 * - "superseded": revoked with the code that replaces it named;
 * - "revoked": revoked without one;
 * - "expired": standing, but validUntil has come in the company's own time zone (a valuation
 *   "valid until 15 April" expires on 15 April, as lenders count a three-month validity);
 * - "valid": everything else.
 * `code` is the qr_codes row's alias; `timeZone` an SQL expression for the company's zone.
 */
export const codeStatusExpression = (code: string, timeZone: string) => `CASE
  WHEN ${code}.revoked_at IS NOT NULL AND ${code}.superseded_by_id IS NOT NULL THEN 'superseded'
  WHEN ${code}.revoked_at IS NOT NULL THEN 'revoked'
  WHEN (${code}.valid_until AT TIME ZONE 'UTC')::date <= (now() AT TIME ZONE ${timeZone})::date THEN 'expired'
  ELSE 'valid' END`;

/** The status of a qr_codes row read without its company joined (lists, the detail page). */
export const codeStatusColumn = () =>
  sql<CodeStatusName>`${sql.raw(
    codeStatusExpression("qr_codes", `(SELECT time_zone FROM companies WHERE companies.id = qr_codes.company_id)`),
  )}`;
