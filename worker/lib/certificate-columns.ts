import type { CodeStatusName, IssuerTrust, ValuationPurpose } from "#schema/limits/codes.ts";
import type { ValuerRegisterCheck } from "#schema/valuer-register.ts";
import { codeStatusExpression, isoText } from "./code-status";
import { issuerTrustExpression, issuerVerifiedAtExpression } from "./issuer-trust";
import { scanTotalExpression } from "./scan-count-shards";

/**
 * What a certificate shows, as SQL: the columns and joins shared by the scan function the database
 * runs (LOG_SCANS_FUNCTION, worker/services/scans/log-scans-function.ts, installed by migrations)
 * and the read-only look-up (worker/services/scans/certificate-lookup.ts), and the row they return.
 * Plain SQL text, importing only other SQL helpers, so the migration script (in Node) can write it too.
 */

/** How a code is looked up: by the public token of its address (a scan), or by its verification code (typed on /verify). */
export type CodeColumn = "public_token" | "verification_code";

/**
 * One column list and one join list for both queries, so a counted scan and a read-only look-up
 * can never disagree on what a certificate shows. `code` is the qr_codes row.
 * Everything shown comes from the code's frozen record (issuer and signing valuer as they were at
 * issue); the company is joined only for what is true now about the issuer: ValuSeal's suspension,
 * its closure, its time zone (expiry) and its alert settings. Every column is an integer, a boolean, JSON or
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
  code.valuer_register_check, code.issuer_name AS company_name, code.issuer_email AS company_email, code.issuer_phone AS company_phone,
  code.issuer_registration_body, code.issuer_registration_body_name, code.issuer_registration_number,
  ${issuerTrustExpression("code", "company.suspended_at")} AS issuer_trust,
  ${issuerVerifiedAtExpression("code", isoText)} AS issuer_verified_at,
  ${isoText("company.suspended_at")} AS issuer_suspended_at, ${isoText("company.closed_at")} AS issuer_closed_at,
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

/** The row both certificate queries return (the aliases above); timestamps arrive as ISO text. */
export interface CertificateRow extends Record<string, unknown> {
  code_id: number;
  company_id: number;
  public_token: string;
  qr_code_data: string;
  external_reference: string | null;
  property_address: string;
  property_reference: string | null;
  property_area: string | null;
  property_type: string;
  property_size: string | null;
  property_size_unit: string | null;
  land_size: string | null;
  land_size_unit: string | null;
  market_value: string;
  currency: string;
  valuation_date: string;
  /** Counted scans before this one: as the statement found them, plus its batch's earlier counted scans (countingStatement in worker/services/scans/log-scans-function.ts). */
  verification_count: number;
  revoked_at: string | null;
  revoked_reason: string | null;
  successor_token: string | null;
  valuer_name: string | null;
  valuer_qualification: string | null;
  valuer_phone: string | null;
  valuer_registration_number: string | null;
  valuer_register_check: ValuerRegisterCheck | null;
  company_name: string;
  company_email: string;
  company_phone: string | null;
  issuer_registration_body: string | null;
  issuer_registration_body_name: string | null;
  issuer_registration_number: string | null;
  issuer_trust: IssuerTrust;
  issuer_verified_at: string | null;
  issuer_suspended_at: string | null;
  issuer_closed_at: string | null;
  /** The latest withdrawal that was undone: when, when reinstated, and why. */
  reinstated_revoked_at: string | null;
  reinstated_at: string | null;
  reinstated_reason: string | null;
  alerts_enabled: boolean;
  scanned_at: string | null;
  sealed_page_count: number | null;
  addressee: string | null;
  purpose: ValuationPurpose | null;
  inspection_date: string | null;
  forced_sale_value: string | null;
  title_number: string | null;
  valid_until: string;
  verification_code: string;
  reliance_letters: { lenderName: string; relianceUntil: string }[];
  status: CodeStatusName;
  /** Whether this visit added to the count (not a repeat within the window, not a preview). */
  counted: boolean | null;
}
