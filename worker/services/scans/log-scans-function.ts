import { CERTIFICATE_COLUMNS, CERTIFICATE_JOINS, type CodeColumn } from "#worker/lib/certificate-columns.ts";
import { isoText } from "#worker/lib/code-status.ts";
import { codeShardOf, SCAN_DAY_SHARDS } from "#worker/lib/scan-count-shards.ts";

/** The UTC day of the statement's time (every scan of a statement is logged at its now()). */
const TODAY = "(now() AT TIME ZONE 'UTC')::date";
const TODAY_START = "date_trunc('day', now(), 'UTC')";

/**
 * Adds visits to today's row of their code in code_scan_days (decision 070): `select` answers the
 * code's id, its company's id, and how many visits counted, were logged, and were the visitor's
 * first counted scan of the day. The one way a visit is added to a day, written out here for the
 * scan function and for a copy check's visit (records/seals.ts).
 */
export function addToScanDay(select: string) {
  return `INSERT INTO code_scan_days (code_id, company_id, day, counted, visits, visitors)
      SELECT code_id, company_id, ${TODAY}, counted, visits, visitors
      FROM (${select}) AS added (code_id, company_id, counted, visits, visitors)
      ON CONFLICT (code_id, day) DO UPDATE SET counted = code_scan_days.counted + EXCLUDED.counted,
        visits = code_scan_days.visits + EXCLUDED.visits, visitors = code_scan_days.visitors + EXCLUDED.visitors`;
}

/**
 * The counting statement for a batch of visits to one code, looked up by `column`; its inputs are
 * log_scans' parameters: `p_visits` is a JSON array of the visits, each numbered by `arrival` in the
 * order they arrived:
 * - `visit` is the batch as rows;
 * - `candidate` is each person's first scan in the batch: a visitor's later scans in the same batch
 *   are repeats within the window, as they would be one after the other (previews never count);
 * - `visitor` decides whether a candidate counts, and records it: the visitor's row for the code is
 *   added (a first scan: a new distinct scanner), or updated when their latest counted scan is
 *   older than the repeat window; a scan within the window changes nothing and returns no row, so
 *   it is a repeat. The rows are taken in visitor order, so two statements with visitors in common
 *   (a code's token and its typed code, each with an object of its own) wait for each other but
 *   never deadlock. Concurrent statements with one visitor decide one after the other: the later
 *   waits for the earlier's row, and ON CONFLICT's WHERE then sees the time the earlier set, so only
 *   one of them counts. Postgres sets `xmax` on a row that ON CONFLICT updated (the row lock it took
 *   carries over to the new version) and leaves it 0 on a row inserted, which is how RETURNING
 *   tells a first scan from a returning visitor's;
 * - `previous` is the batch's visitors of the code as the statement found them (the snapshot, before
 *   `visitor` changes them), to tell a visitor's first counted scan of the UTC day;
 * - `counted` is the visits that counted, each marked `first_today` when it is its visitor's first
 *   counted scan of the day;
 * - `tally` adds them to the code's shard of this object (codeShardOf), in one row change however
 *   big the batch: each of a code's two objects sends one call at a time, so no two statements
 *   wait for one shard row;
 * - `day_tally` adds the batch to the code's row of the day in code_scan_days (counted, every visit
 *   logged, new scanners of the day) and `day_total` to one of the day's platform shards
 *   (scan_day_totals): today's screens read these, never the raw log (decision 070). A code's day
 *   row takes one statement at a time (the code's two objects send one call at a time each, and a
 *   copy check holds it for its own short statement);
 * - `logged` records every visit (a preview or a repeat too, marked as not counted), or orphan scans
 *   when the key matched nothing; data-modifying CTEs always run to completion, so the orphan rows
 *   are written even though the outer SELECT then returns no row. Every row of one statement has
 *   the same `scanned_at`, the transaction's now();
 * - `certificate` is read once for the whole batch, as the statement found it.
 * The answer is one certificate per visit in `arrival` order (none when the key matched no code),
 * each with whether that visit counted and, as `verification_count`, the code's total before it:
 * the total the statement found plus the visits counted earlier in the batch (`counted_so_far`
 * includes the visit itself). `lookUpCode` (certificate-lookup.ts) adds the visit itself when it counted, so each visit's
 * page shows the count it made, as if the batch's scans had run one after the other.
 */
function countingStatement(column: CodeColumn) {
  return `WITH visit AS (
      SELECT * FROM json_to_recordset(p_visits)
        AS batch (arrival int, visitor_hash text, kind text, country text, city text, device_class text, page smallint)
    ), target AS (
      SELECT id, company_id FROM qr_codes code WHERE code.${column} = p_key
    ), candidate AS (
      SELECT DISTINCT ON (visitor_hash) visitor_hash, arrival FROM visit WHERE kind = 'scan'
      ORDER BY visitor_hash, arrival
    ), previous AS (
      SELECT seen.visitor_hash, seen.last_counted_at FROM code_visitors seen
      WHERE seen.code_id = (SELECT id FROM target) AND seen.visitor_hash IN (SELECT visitor_hash FROM candidate)
    ), visitor AS (
      INSERT INTO code_visitors (code_id, visitor_hash, last_seen_month, last_counted_at)
      SELECT target.id, candidate.visitor_hash, date_trunc('month', now() AT TIME ZONE 'UTC')::date, now()
      FROM target CROSS JOIN candidate
      ORDER BY candidate.visitor_hash
      ON CONFLICT (code_id, visitor_hash) DO UPDATE
        SET last_seen_month = EXCLUDED.last_seen_month, last_counted_at = EXCLUDED.last_counted_at
        WHERE code_visitors.last_counted_at IS NULL
          OR code_visitors.last_counted_at <= now() - make_interval(mins => p_repeat_window_minutes)
      RETURNING visitor_hash, xmax = 0 AS first_scan
    ), counted AS (
      SELECT candidate.arrival, visitor.first_scan,
             previous.last_counted_at IS NULL OR previous.last_counted_at < ${TODAY_START} AS first_today
      FROM candidate JOIN visitor ON visitor.visitor_hash = candidate.visitor_hash
      LEFT JOIN previous ON previous.visitor_hash = candidate.visitor_hash
    ), tally AS (
      INSERT INTO code_scan_counts (code_id, company_id, shard, scans, visitors)
      SELECT id, company_id, ${codeShardOf(column === "verification_code")}::smallint,
             (SELECT count(*) FROM counted)::int, (SELECT count(*) FROM counted WHERE first_scan)::int
      FROM target WHERE EXISTS (SELECT 1 FROM counted)
      ON CONFLICT (code_id, shard) DO UPDATE
        SET scans = code_scan_counts.scans + EXCLUDED.scans, visitors = code_scan_counts.visitors + EXCLUDED.visitors
    ), day_tally AS (
      ${addToScanDay(
        `SELECT id, company_id, (SELECT count(*) FROM counted)::int, (SELECT count(*) FROM visit)::int,
                (SELECT count(*) FROM counted WHERE first_today)::int
         FROM target`,
      )}
    ), day_total AS (
      INSERT INTO scan_day_totals (day, shard, counted)
      SELECT ${TODAY}, floor(random() * ${SCAN_DAY_SHARDS})::smallint, count(*) FROM counted
      HAVING count(*) > 0
      ON CONFLICT (day, shard) DO UPDATE SET counted = scan_day_totals.counted + EXCLUDED.counted
    ), logged AS (
      INSERT INTO scan_events
        (qr_code_id, company_id, country, city, device_class, visitor_hash, attempted_token, kind, counted, page)
      SELECT target.id, target.company_id, visit.country, visit.city, visit.device_class, visit.visitor_hash,
             NULL::text, visit.kind, counted.arrival IS NOT NULL, visit.page
      FROM visit CROSS JOIN target LEFT JOIN counted ON counted.arrival = visit.arrival
      UNION ALL
      SELECT NULL, NULL, visit.country, visit.city, visit.device_class, visit.visitor_hash, p_attempted, visit.kind,
             false, NULL::smallint
      FROM visit WHERE NOT EXISTS (SELECT 1 FROM target)
    ), certificate AS (
      SELECT ${CERTIFICATE_COLUMNS}
      FROM qr_codes code ${CERTIFICATE_JOINS}
      WHERE code.${column} = p_key
    )
    SELECT to_jsonb(certificate) || jsonb_build_object(
        'verification_count', certificate.verification_count + outcome.counted_so_far - outcome.counted::int,
        'scanned_at', ${isoText("now()")},
        'counted', outcome.counted)
    FROM certificate CROSS JOIN (
      SELECT visit.arrival, counted.arrival IS NOT NULL AS counted,
             count(counted.arrival) OVER (ORDER BY visit.arrival)::int AS counted_so_far
      FROM visit LEFT JOIN counted ON counted.arrival = visit.arrival
    ) outcome
    ORDER BY outcome.arrival`;
}

/**
 * The database function a batch of scans of one code runs: one call logs, counts and answers them
 * all, in one round trip. Scans of one code reach it through the code's Durable Object
 * (worker/durable-objects/code-scans.ts), which sends the scans that arrived while its previous
 * call ran as the next call's batch: a code scanned by a crowd costs the database one statement at
 * a time, and a lone scan is a batch of one.
 * A function, not the statement sent as text, because Postgres then keeps the statement's plan for
 * the connection (PL/pgSQL caches each statement's plan per session): sent as text, the statement
 * was parsed and planned on every scan, which took four fifths of the database's time per scan
 * (measured in docs/decisions/044). The statement only inserts into scan_events, never reads it, so
 * its plan names no monthly partition and costs the same however many months are kept.
 *
 * Migrations install it; tests/migrations/scan-function.test.ts checks that the installed body is
 * this text, so a change here (or to the certificate's columns) needs a migration that runs
 * LOG_SCANS_FUNCTION again: `npm run db:scan-function` writes one.
 */
export const LOG_SCANS_FUNCTION_BODY = `
BEGIN
  IF p_by_verification_code THEN
    RETURN QUERY ${countingStatement("verification_code")};
  ELSE
    RETURN QUERY ${countingStatement("public_token")};
  END IF;
END`;

export const LOG_SCANS_FUNCTION = `CREATE OR REPLACE FUNCTION log_scans(
  p_by_verification_code boolean, p_key text, p_attempted text, p_visits json, p_repeat_window_minutes int
) RETURNS SETOF jsonb LANGUAGE plpgsql AS $log_scans$${LOG_SCANS_FUNCTION_BODY}$log_scans$;`;
