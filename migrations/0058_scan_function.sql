-- The scan path's database function (worker/services/scans/log-scans-function.ts, LOG_SCANS_FUNCTION),
-- written by `npm run db:scan-function`: Postgres keeps its statement's plan per connection.
CREATE OR REPLACE FUNCTION log_scans(
  p_by_verification_code boolean, p_key text, p_attempted text, p_visits json, p_repeat_window_minutes int
) RETURNS SETOF jsonb LANGUAGE plpgsql AS $log_scans$
BEGIN
  IF p_by_verification_code THEN
    RETURN QUERY WITH visit AS (
      SELECT * FROM json_to_recordset(p_visits)
        AS batch (arrival int, visitor_hash text, kind text, country text, city text, device_class text, page smallint)
    ), target AS (
      SELECT id, company_id FROM qr_codes code WHERE code.verification_code = p_key
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
             previous.last_counted_at IS NULL OR previous.last_counted_at < date_trunc('day', now(), 'UTC') AS first_today
      FROM candidate JOIN visitor ON visitor.visitor_hash = candidate.visitor_hash
      LEFT JOIN previous ON previous.visitor_hash = candidate.visitor_hash
    ), tally AS (
      INSERT INTO code_scan_counts (code_id, company_id, shard, scans, visitors)
      SELECT id, company_id, 1::smallint,
             (SELECT count(*) FROM counted)::int, (SELECT count(*) FROM counted WHERE first_scan)::int
      FROM target WHERE EXISTS (SELECT 1 FROM counted)
      ON CONFLICT (code_id, shard) DO UPDATE
        SET scans = code_scan_counts.scans + EXCLUDED.scans, visitors = code_scan_counts.visitors + EXCLUDED.visitors
    ), day_tally AS (
      INSERT INTO code_scan_days (code_id, company_id, day, counted, visits, visitors)
      SELECT code_id, company_id, (now() AT TIME ZONE 'UTC')::date, counted, visits, visitors
      FROM (SELECT id, company_id, (SELECT count(*) FROM counted)::int, (SELECT count(*) FROM visit)::int,
                (SELECT count(*) FROM counted WHERE first_today)::int
         FROM target) AS added (code_id, company_id, counted, visits, visitors)
      ON CONFLICT (code_id, day) DO UPDATE SET counted = code_scan_days.counted + EXCLUDED.counted,
        visits = code_scan_days.visits + EXCLUDED.visits, visitors = code_scan_days.visitors + EXCLUDED.visitors
    ), day_total AS (
      INSERT INTO scan_day_totals (day, shard, counted)
      SELECT (now() AT TIME ZONE 'UTC')::date, floor(random() * 16)::smallint, count(*) FROM counted
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
      SELECT 
  code.id AS code_id, code.company_id, code.public_token, code.property_address, code.property_reference,
  code.qr_code_data, code.external_reference,
  code.property_area, code.property_type, code.property_size::text AS property_size, code.property_size_unit,
  code.land_size::text AS land_size, code.land_size_unit, code.market_value::text AS market_value, code.currency,
  to_char(code.valuation_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS valuation_date, (SELECT coalesce(sum(tally.scans), 0) FROM code_scan_counts tally WHERE tally.code_id = code.id)::int AS verification_count,
  to_char(code.revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS revoked_at, code.revoked_reason,
  successor.public_token AS successor_token,
  code.valuer_name, code.valuer_qualification, code.valuer_phone, code.valuer_registration_number,
  code.valuer_register_check, code.issuer_name AS company_name, code.issuer_email AS company_email, code.issuer_phone AS company_phone,
  code.issuer_registration_body, code.issuer_registration_body_name, code.issuer_registration_number,
  CASE
  WHEN company.suspended_at IS NOT NULL THEN 'suspended'
  WHEN EXISTS (SELECT 1 FROM issuer_verifications v WHERE v.company_id = code.company_id
    AND v.legal_name = code.issuer_name
    AND lower(v.company_email) = lower(code.issuer_email)
    AND v.registration_body IS NOT DISTINCT FROM code.issuer_registration_body
    AND v.registration_body_name IS NOT DISTINCT FROM code.issuer_registration_body_name
    AND v.registration_number IS NOT DISTINCT FROM code.issuer_registration_number AND v.covers_codes_from <= code.created_at
    AND (v.ended_at IS NULL OR code.created_at < v.ended_at)) THEN 'verified'
  WHEN EXISTS (SELECT 1 FROM issuer_verifications v WHERE v.company_id = code.company_id
    AND v.legal_name = code.issuer_name
    AND lower(v.company_email) = lower(code.issuer_email)
    AND v.registration_body IS NOT DISTINCT FROM code.issuer_registration_body
    AND v.registration_body_name IS NOT DISTINCT FROM code.issuer_registration_body_name
    AND v.registration_number IS NOT DISTINCT FROM code.issuer_registration_number
    AND code.created_at < v.covers_codes_from) THEN 'before-verification'
  WHEN EXISTS (SELECT 1 FROM issuer_verifications v WHERE v.company_id = code.company_id
    AND NOT (v.company_id = code.company_id
    AND v.legal_name = code.issuer_name
    AND lower(v.company_email) = lower(code.issuer_email)
    AND v.registration_body IS NOT DISTINCT FROM code.issuer_registration_body
    AND v.registration_body_name IS NOT DISTINCT FROM code.issuer_registration_body_name
    AND v.registration_number IS NOT DISTINCT FROM code.issuer_registration_number)) THEN 'other-identity'
  ELSE 'not-verified' END AS issuer_trust,
  (SELECT to_char(v.verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM issuer_verifications v WHERE v.company_id = code.company_id
    AND v.legal_name = code.issuer_name
    AND lower(v.company_email) = lower(code.issuer_email)
    AND v.registration_body IS NOT DISTINCT FROM code.issuer_registration_body
    AND v.registration_body_name IS NOT DISTINCT FROM code.issuer_registration_body_name
    AND v.registration_number IS NOT DISTINCT FROM code.issuer_registration_number AND v.covers_codes_from <= code.created_at
    AND (v.ended_at IS NULL OR code.created_at < v.ended_at)
    ORDER BY v.verified_at DESC LIMIT 1) AS issuer_verified_at,
  to_char(company.suspended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS issuer_suspended_at, to_char(company.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS issuer_closed_at,
  reinstated.revoked_at AS reinstated_revoked_at, reinstated.reinstated_at, reinstated.reason AS reinstated_reason,
  (company.scan_alert_mode = 'per-scan' OR EXISTS (SELECT 1 FROM webhook_endpoints endpoint
    WHERE endpoint.company_id = code.company_id AND endpoint.disabled_at IS NULL
      AND 'code.scanned' = ANY(endpoint.event_types))) AS alerts_enabled,
  (SELECT seal.page_count FROM report_seals seal WHERE seal.qr_code_id = code.id
   ORDER BY seal.version DESC LIMIT 1) AS sealed_page_count,
  code.addressee, code.purpose, to_char(code.inspection_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS inspection_date,
  code.forced_sale_value::text AS forced_sale_value, code.title_number,
  to_char(code.valid_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS valid_until, code.verification_code,
  coalesce((SELECT json_agg(json_build_object('lenderName', letter.lender_name,
      'relianceUntil', to_char(letter.reliance_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY letter.created_at, letter.id)
    FROM reliance_letter_requests request
    JOIN reliance_letter_decisions letter ON letter.request_id = request.id
    WHERE request.code_id = code.id AND letter.decision = 'granted'
      AND (letter.reliance_until AT TIME ZONE 'UTC')::date >= (now() AT TIME ZONE company.time_zone)::date),
    '[]'::json) AS reliance_letters,
  CASE
  WHEN code.revoked_at IS NOT NULL AND code.superseded_by_id IS NOT NULL THEN 'superseded'
  WHEN code.revoked_at IS NOT NULL THEN 'revoked'
  WHEN (code.valid_until AT TIME ZONE 'UTC')::date <= (now() AT TIME ZONE company.time_zone)::date THEN 'expired'
  ELSE 'valid' END AS status
      FROM qr_codes code 
  JOIN companies company ON company.id = code.company_id
  LEFT JOIN qr_codes successor ON successor.id = code.superseded_by_id
  LEFT JOIN LATERAL (
    SELECT to_char(back.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS reinstated_at, back.reason,
      (SELECT to_char(withdrawn.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM code_status_events withdrawn
       WHERE withdrawn.qr_code_id = code.id AND withdrawn.action = 'revoked' AND withdrawn.created_at <= back.created_at
       ORDER BY withdrawn.created_at DESC, withdrawn.id DESC LIMIT 1) AS revoked_at
    FROM code_status_events back
    WHERE back.qr_code_id = code.id AND back.action = 'reinstated'
    ORDER BY back.created_at DESC, back.id DESC LIMIT 1
  ) reinstated ON true
      WHERE code.verification_code = p_key
    )
    SELECT to_jsonb(certificate) || jsonb_build_object(
        'verification_count', certificate.verification_count + outcome.counted_so_far - outcome.counted::int,
        'scanned_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'counted', outcome.counted)
    FROM certificate CROSS JOIN (
      SELECT visit.arrival, counted.arrival IS NOT NULL AS counted,
             count(counted.arrival) OVER (ORDER BY visit.arrival)::int AS counted_so_far
      FROM visit LEFT JOIN counted ON counted.arrival = visit.arrival
    ) outcome
    ORDER BY outcome.arrival;
  ELSE
    RETURN QUERY WITH visit AS (
      SELECT * FROM json_to_recordset(p_visits)
        AS batch (arrival int, visitor_hash text, kind text, country text, city text, device_class text, page smallint)
    ), target AS (
      SELECT id, company_id FROM qr_codes code WHERE code.public_token = p_key
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
             previous.last_counted_at IS NULL OR previous.last_counted_at < date_trunc('day', now(), 'UTC') AS first_today
      FROM candidate JOIN visitor ON visitor.visitor_hash = candidate.visitor_hash
      LEFT JOIN previous ON previous.visitor_hash = candidate.visitor_hash
    ), tally AS (
      INSERT INTO code_scan_counts (code_id, company_id, shard, scans, visitors)
      SELECT id, company_id, 0::smallint,
             (SELECT count(*) FROM counted)::int, (SELECT count(*) FROM counted WHERE first_scan)::int
      FROM target WHERE EXISTS (SELECT 1 FROM counted)
      ON CONFLICT (code_id, shard) DO UPDATE
        SET scans = code_scan_counts.scans + EXCLUDED.scans, visitors = code_scan_counts.visitors + EXCLUDED.visitors
    ), day_tally AS (
      INSERT INTO code_scan_days (code_id, company_id, day, counted, visits, visitors)
      SELECT code_id, company_id, (now() AT TIME ZONE 'UTC')::date, counted, visits, visitors
      FROM (SELECT id, company_id, (SELECT count(*) FROM counted)::int, (SELECT count(*) FROM visit)::int,
                (SELECT count(*) FROM counted WHERE first_today)::int
         FROM target) AS added (code_id, company_id, counted, visits, visitors)
      ON CONFLICT (code_id, day) DO UPDATE SET counted = code_scan_days.counted + EXCLUDED.counted,
        visits = code_scan_days.visits + EXCLUDED.visits, visitors = code_scan_days.visitors + EXCLUDED.visitors
    ), day_total AS (
      INSERT INTO scan_day_totals (day, shard, counted)
      SELECT (now() AT TIME ZONE 'UTC')::date, floor(random() * 16)::smallint, count(*) FROM counted
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
      SELECT 
  code.id AS code_id, code.company_id, code.public_token, code.property_address, code.property_reference,
  code.qr_code_data, code.external_reference,
  code.property_area, code.property_type, code.property_size::text AS property_size, code.property_size_unit,
  code.land_size::text AS land_size, code.land_size_unit, code.market_value::text AS market_value, code.currency,
  to_char(code.valuation_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS valuation_date, (SELECT coalesce(sum(tally.scans), 0) FROM code_scan_counts tally WHERE tally.code_id = code.id)::int AS verification_count,
  to_char(code.revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS revoked_at, code.revoked_reason,
  successor.public_token AS successor_token,
  code.valuer_name, code.valuer_qualification, code.valuer_phone, code.valuer_registration_number,
  code.valuer_register_check, code.issuer_name AS company_name, code.issuer_email AS company_email, code.issuer_phone AS company_phone,
  code.issuer_registration_body, code.issuer_registration_body_name, code.issuer_registration_number,
  CASE
  WHEN company.suspended_at IS NOT NULL THEN 'suspended'
  WHEN EXISTS (SELECT 1 FROM issuer_verifications v WHERE v.company_id = code.company_id
    AND v.legal_name = code.issuer_name
    AND lower(v.company_email) = lower(code.issuer_email)
    AND v.registration_body IS NOT DISTINCT FROM code.issuer_registration_body
    AND v.registration_body_name IS NOT DISTINCT FROM code.issuer_registration_body_name
    AND v.registration_number IS NOT DISTINCT FROM code.issuer_registration_number AND v.covers_codes_from <= code.created_at
    AND (v.ended_at IS NULL OR code.created_at < v.ended_at)) THEN 'verified'
  WHEN EXISTS (SELECT 1 FROM issuer_verifications v WHERE v.company_id = code.company_id
    AND v.legal_name = code.issuer_name
    AND lower(v.company_email) = lower(code.issuer_email)
    AND v.registration_body IS NOT DISTINCT FROM code.issuer_registration_body
    AND v.registration_body_name IS NOT DISTINCT FROM code.issuer_registration_body_name
    AND v.registration_number IS NOT DISTINCT FROM code.issuer_registration_number
    AND code.created_at < v.covers_codes_from) THEN 'before-verification'
  WHEN EXISTS (SELECT 1 FROM issuer_verifications v WHERE v.company_id = code.company_id
    AND NOT (v.company_id = code.company_id
    AND v.legal_name = code.issuer_name
    AND lower(v.company_email) = lower(code.issuer_email)
    AND v.registration_body IS NOT DISTINCT FROM code.issuer_registration_body
    AND v.registration_body_name IS NOT DISTINCT FROM code.issuer_registration_body_name
    AND v.registration_number IS NOT DISTINCT FROM code.issuer_registration_number)) THEN 'other-identity'
  ELSE 'not-verified' END AS issuer_trust,
  (SELECT to_char(v.verified_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM issuer_verifications v WHERE v.company_id = code.company_id
    AND v.legal_name = code.issuer_name
    AND lower(v.company_email) = lower(code.issuer_email)
    AND v.registration_body IS NOT DISTINCT FROM code.issuer_registration_body
    AND v.registration_body_name IS NOT DISTINCT FROM code.issuer_registration_body_name
    AND v.registration_number IS NOT DISTINCT FROM code.issuer_registration_number AND v.covers_codes_from <= code.created_at
    AND (v.ended_at IS NULL OR code.created_at < v.ended_at)
    ORDER BY v.verified_at DESC LIMIT 1) AS issuer_verified_at,
  to_char(company.suspended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS issuer_suspended_at, to_char(company.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS issuer_closed_at,
  reinstated.revoked_at AS reinstated_revoked_at, reinstated.reinstated_at, reinstated.reason AS reinstated_reason,
  (company.scan_alert_mode = 'per-scan' OR EXISTS (SELECT 1 FROM webhook_endpoints endpoint
    WHERE endpoint.company_id = code.company_id AND endpoint.disabled_at IS NULL
      AND 'code.scanned' = ANY(endpoint.event_types))) AS alerts_enabled,
  (SELECT seal.page_count FROM report_seals seal WHERE seal.qr_code_id = code.id
   ORDER BY seal.version DESC LIMIT 1) AS sealed_page_count,
  code.addressee, code.purpose, to_char(code.inspection_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS inspection_date,
  code.forced_sale_value::text AS forced_sale_value, code.title_number,
  to_char(code.valid_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS valid_until, code.verification_code,
  coalesce((SELECT json_agg(json_build_object('lenderName', letter.lender_name,
      'relianceUntil', to_char(letter.reliance_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY letter.created_at, letter.id)
    FROM reliance_letter_requests request
    JOIN reliance_letter_decisions letter ON letter.request_id = request.id
    WHERE request.code_id = code.id AND letter.decision = 'granted'
      AND (letter.reliance_until AT TIME ZONE 'UTC')::date >= (now() AT TIME ZONE company.time_zone)::date),
    '[]'::json) AS reliance_letters,
  CASE
  WHEN code.revoked_at IS NOT NULL AND code.superseded_by_id IS NOT NULL THEN 'superseded'
  WHEN code.revoked_at IS NOT NULL THEN 'revoked'
  WHEN (code.valid_until AT TIME ZONE 'UTC')::date <= (now() AT TIME ZONE company.time_zone)::date THEN 'expired'
  ELSE 'valid' END AS status
      FROM qr_codes code 
  JOIN companies company ON company.id = code.company_id
  LEFT JOIN qr_codes successor ON successor.id = code.superseded_by_id
  LEFT JOIN LATERAL (
    SELECT to_char(back.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS reinstated_at, back.reason,
      (SELECT to_char(withdrawn.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM code_status_events withdrawn
       WHERE withdrawn.qr_code_id = code.id AND withdrawn.action = 'revoked' AND withdrawn.created_at <= back.created_at
       ORDER BY withdrawn.created_at DESC, withdrawn.id DESC LIMIT 1) AS revoked_at
    FROM code_status_events back
    WHERE back.qr_code_id = code.id AND back.action = 'reinstated'
    ORDER BY back.created_at DESC, back.id DESC LIMIT 1
  ) reinstated ON true
      WHERE code.public_token = p_key
    )
    SELECT to_jsonb(certificate) || jsonb_build_object(
        'verification_count', certificate.verification_count + outcome.counted_so_far - outcome.counted::int,
        'scanned_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'counted', outcome.counted)
    FROM certificate CROSS JOIN (
      SELECT visit.arrival, counted.arrival IS NOT NULL AS counted,
             count(counted.arrival) OVER (ORDER BY visit.arrival)::int AS counted_so_far
      FROM visit LEFT JOIN counted ON counted.arrival = visit.arrival
    ) outcome
    ORDER BY outcome.arrival;
  END IF;
END$log_scans$;
