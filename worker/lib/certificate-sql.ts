import { codeStatusExpression, issuerTrustExpression, issuerVerifiedAtExpression, isoText } from "./code-status";
import { scanTotalExpression } from "./scan-counts";

/**
 * The certificate's SQL, shared by the scan function the database runs (LOG_SCAN_FUNCTION,
 * installed by migrations) and the read-only look-up (worker/services/scan-verification.ts). Plain
 * SQL text, importing only other SQL helpers, so the migration script (in Node) can write it too.
 */

/** How a code is looked up: by the public token of its address (a scan), or by its verification code (typed on /verify). */
export type CodeColumn = "public_token" | "verification_code";

/**
 * One column list and one join list for both queries, so a counted scan and a read-only look-up
 * can never disagree on what a certificate shows. `code` is the qr_codes row.
 * Everything shown comes from the code's frozen record (issuer and signing valuer as they were at
 * issue); the company is joined only for what is true now about the issuer: ValuSeal's suspension,
 * its time zone (expiry) and its alert settings. Every column is an integer, a boolean, JSON or
 * text (numerics cast to text), so it reads the same from the scan function's JSON answer: a bigint
 * or numeric column added here needs `::text` too.
 */
export const CERTIFICATE_COLUMNS = `
  code.id AS code_id, code.company_id, code.public_token, code.property_address, code.property_reference,
  code.qr_code_data, code.external_reference,
  code.property_area, code.property_type, code.property_size::text AS property_size, code.property_size_unit,
  code.land_size::text AS land_size, code.land_size_unit, code.market_value::text AS market_value, code.currency,
  ${isoText("code.valuation_date")} AS valuation_date, ${scanTotalExpression("code")} AS verification_count,
  ${isoText("code.revoked_at")} AS revoked_at, code.revoked_reason,
  successor.public_token AS successor_token,
  code.valuer_name, code.valuer_qualification, code.valuer_phone, code.valuer_registration_number,
  code.issuer_name AS company_name, code.issuer_email AS company_email, code.issuer_phone AS company_phone,
  code.issuer_registration_body, code.issuer_registration_body_name, code.issuer_registration_number,
  ${issuerTrustExpression("code", "company.suspended_at")} AS issuer_trust,
  ${issuerVerifiedAtExpression("code", isoText)} AS issuer_verified_at,
  ${isoText("company.suspended_at")} AS issuer_suspended_at,
  reinstated.revoked_at AS reinstated_revoked_at, reinstated.reinstated_at, reinstated.reason AS reinstated_reason,
  (company.scan_alert_mode = 'per-scan' OR EXISTS (SELECT 1 FROM webhook_endpoints endpoint
    WHERE endpoint.company_id = code.company_id AND endpoint.disabled_at IS NULL
      AND 'code.scanned' = ANY(endpoint.event_types))) AS alerts_enabled,
  (SELECT seal.page_count FROM report_seals seal WHERE seal.qr_code_id = code.id
   ORDER BY seal.version DESC LIMIT 1) AS sealed_page_count,
  code.addressee, code.purpose, ${isoText("code.inspection_date")} AS inspection_date,
  code.forced_sale_value::text AS forced_sale_value, code.title_number,
  ${isoText("code.valid_until")} AS valid_until, code.verification_code,
  coalesce((SELECT json_agg(json_build_object('lenderName', letter.lender_name,
      'relianceUntil', ${isoText("letter.reliance_until")}) ORDER BY letter.created_at, letter.id)
    FROM reliance_letter_requests request
    JOIN reliance_letter_decisions letter ON letter.request_id = request.id
    WHERE request.code_id = code.id AND letter.decision = 'granted'
      AND (letter.reliance_until AT TIME ZONE 'UTC')::date >= (now() AT TIME ZONE company.time_zone)::date),
    '[]'::json) AS reliance_letters,
  ${codeStatusExpression("code", "company.time_zone")} AS status`;

/**
 * A code that was withdrawn and reinstated says so (the history is appended, never erased): the
 * latest reinstatement and the withdrawal it undid, from code_status_events.
 */
export const CERTIFICATE_JOINS = `
  JOIN companies company ON company.id = code.company_id
  LEFT JOIN qr_codes successor ON successor.id = code.superseded_by_id
  LEFT JOIN LATERAL (
    SELECT ${isoText("back.created_at")} AS reinstated_at, back.reason,
      (SELECT ${isoText("withdrawn.created_at")} FROM code_status_events withdrawn
       WHERE withdrawn.qr_code_id = code.id AND withdrawn.action = 'revoked' AND withdrawn.created_at <= back.created_at
       ORDER BY withdrawn.created_at DESC, withdrawn.id DESC LIMIT 1) AS revoked_at
    FROM code_status_events back
    WHERE back.qr_code_id = code.id AND back.action = 'reinstated'
    ORDER BY back.created_at DESC, back.id DESC LIMIT 1
  ) reinstated ON true`;

/** Counted scans are spread over this many rows per code (code_scan_counts), one picked at random. */
const SCAN_COUNT_SHARDS = 16;

/**
 * The counting statement, for a look-up by `column`; its inputs are log_scan's parameters:
 * - `visitor` decides whether a person's scan counts, and records it: the visitor's row for the code
 *   is added (a first scan: a new distinct scanner), or updated when their latest counted scan is
 *   older than the repeat window; a scan within the window changes nothing and returns no row, so
 *   it is a repeat. Concurrent scans by one visitor decide one after the other: the later waits for
 *   the earlier's row, and ON CONFLICT's WHERE then sees the time the earlier set, so only one of
 *   them counts. Postgres sets `xmax` on a row that ON CONFLICT updated (the row lock it took
 *   carries over to the new version) and leaves it 0 on a row inserted, which is how RETURNING
 *   tells a first scan from a returning visitor's;
 * - `counted` is the code when the visitor's row was added or updated (never for a preview);
 * - `tally` adds it to one of the code's shards, picked at random, so concurrent scans of one code
 *   rarely wait for each other and never for long (a scan waits only for another statement holding
 *   the same shard row, or its visitor's row: never for every scan before it on the code's row);
 * - `logged` records the visit (a preview or a repeat too, marked as not counted), or an orphan
 *   scan when the key matched nothing; data-modifying CTEs always run to completion, so the
 *   orphan row is written even though the outer SELECT then returns no row.
 * The statement's reads do not see its own writes, so the answer's count is the code's total as the
 * statement found it; `verifyCode` adds this scan when it counted.
 */
function countingStatement(column: CodeColumn) {
  return `WITH target AS (
      SELECT id, company_id FROM qr_codes code WHERE code.${column} = p_key
    ), visitor AS (
      INSERT INTO code_visitors (code_id, visitor_hash, last_seen_month, last_counted_at)
      SELECT id, p_visitor_hash, date_trunc('month', now() AT TIME ZONE 'UTC')::date, now()
      FROM target WHERE p_kind = 'scan'
      ON CONFLICT (code_id, visitor_hash) DO UPDATE
        SET last_seen_month = EXCLUDED.last_seen_month, last_counted_at = EXCLUDED.last_counted_at
        WHERE code_visitors.last_counted_at IS NULL
          OR code_visitors.last_counted_at <= now() - make_interval(mins => p_repeat_window_minutes)
      RETURNING xmax = 0 AS first_scan
    ), counted AS (
      SELECT target.id, target.company_id FROM target WHERE EXISTS (SELECT 1 FROM visitor)
    ), tally AS (
      INSERT INTO code_scan_counts (code_id, company_id, shard, scans, visitors)
      SELECT id, company_id, floor(random() * ${SCAN_COUNT_SHARDS})::smallint, 1,
             (SELECT count(*) FROM visitor WHERE first_scan)::int FROM counted
      ON CONFLICT (code_id, shard) DO UPDATE
        SET scans = code_scan_counts.scans + 1, visitors = code_scan_counts.visitors + EXCLUDED.visitors
    ), logged AS (
      INSERT INTO scan_events
        (qr_code_id, company_id, country, city, device_class, visitor_hash, attempted_token, kind, counted, page)
      SELECT id, company_id, p_country, p_city, p_device_class, p_visitor_hash, NULL::text,
             p_kind, EXISTS (SELECT 1 FROM counted), p_page
      FROM target
      UNION ALL
      SELECT NULL, NULL, p_country, p_city, p_device_class, p_visitor_hash, p_attempted, p_kind, false, NULL::smallint
      WHERE NOT EXISTS (SELECT 1 FROM target)
      RETURNING scanned_at, counted
    )
    SELECT to_json(certificate) FROM (
      SELECT ${CERTIFICATE_COLUMNS}, ${isoText("logged.scanned_at")} AS scanned_at, logged.counted
      FROM qr_codes code ${CERTIFICATE_JOINS}
      CROSS JOIN logged
      WHERE code.${column} = p_key
    ) certificate`;
}

/**
 * The database function a scan runs: one call logs, counts and answers, in one round trip.
 * A function, not the statement sent as text, because Postgres then keeps the statement's plan for
 * the connection (PL/pgSQL caches each statement's plan per session): sent as text, the statement
 * was parsed and planned on every scan, which took four fifths of the database's time per scan
 * (measured in docs/decisions/044). The statement only inserts into scan_events, never reads it, so
 * its plan names no monthly partition and costs the same however many months are kept.
 *
 * Migrations install it; tests/migrations/scan-function.test.ts checks that the installed body is
 * this text, so a change here (or to the certificate's columns) needs a migration that runs
 * LOG_SCAN_FUNCTION again: `npm run db:scan-function` writes one.
 */
export const LOG_SCAN_FUNCTION_BODY = `
BEGIN
  IF p_by_verification_code THEN
    RETURN QUERY ${countingStatement("verification_code")};
  ELSE
    RETURN QUERY ${countingStatement("public_token")};
  END IF;
END`;

export const LOG_SCAN_FUNCTION = `CREATE OR REPLACE FUNCTION log_scan(
  p_by_verification_code boolean, p_key text, p_attempted text, p_visitor_hash text, p_kind text,
  p_country text, p_city text, p_device_class text, p_page smallint, p_repeat_window_minutes int
) RETURNS SETOF json LANGUAGE plpgsql AS $log_scan$${LOG_SCAN_FUNCTION_BODY}$log_scan$;`;
