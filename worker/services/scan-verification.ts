import { type SQL, sql } from "drizzle-orm";
import { scanEvents } from "../../schema/tables";
import { PUBLIC_TOKEN_PATTERN, type PublicCertificate } from "../../schema/validation/certificate";
import { DEMO_CERTIFICATE } from "../../schema/demo-certificate";
import {
  type CodeStatusName,
  type IssuerTrust,
  REPEAT_SCAN_WINDOW_MINUTES,
  type ValuationPurpose,
} from "../../schema/limits";
import { formatVerificationCode, normalizeVerificationCode } from "../../schema/verification-code";
import { codeStatusExpression, issuerTrustExpression, issuerVerifiedAtExpression, isoText } from "../lib/code-status";
import { scanTotalExpression } from "../lib/scan-counts";
import type { Database } from "../db";
import { DEMO_TOKEN, verificationAddress } from "../lib/public-address";
import type { Visit } from "../lib/scan-visitor";
import { scannedNoEarlierThan } from "../lib/scan-time-bounds";
import type { ScanAlertMessage } from "./scan-alerts";

/**
 * What a scan of a public address resolves to, shared by the HTML scan path and the JSON API; a
 * counted scan of a company with alerts also yields the alert to queue.
 */
export type Verification =
  | {
      found: true;
      certificate: PublicCertificate;
      alert: ScanAlertMessage | null;
      /** Pages of the code's latest sealed report; null when it was never sealed. */
      sealedPageCount: number | null;
    }
  | { found: false };

const ATTEMPTED_TOKEN_MAX = 64;

/** The row both certificate queries return (aliases below); timestamps arrive as ISO text. */
interface CertificateRow extends Record<string, unknown> {
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
  /** Counted scans as the statement found them, before this scan (see `logScan`). */
  verification_count: number;
  revoked_at: string | null;
  revoked_reason: string | null;
  successor_token: string | null;
  valuer_name: string | null;
  valuer_qualification: string | null;
  valuer_phone: string | null;
  valuer_registration_number: string | null;
  company_name: string;
  company_email: string;
  company_phone: string | null;
  issuer_registration_body: string | null;
  issuer_registration_body_name: string | null;
  issuer_registration_number: string | null;
  issuer_trust: IssuerTrust;
  issuer_verified_at: string | null;
  issuer_suspended_at: string | null;
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

/**
 * One column list and one join list for both queries, so a counted scan and a read-only look-up
 * can never disagree on what a certificate shows. `code` is the qr_codes row.
 * Everything shown comes from the code's frozen record (issuer and signing valuer as they were at
 * issue); the company is joined only for what is true now about the issuer: ValuSeal's suspension,
 * its time zone (expiry) and its alert settings.
 */
const CERTIFICATE_COLUMNS = sql.raw(`
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
  ${codeStatusExpression("code", "company.time_zone")} AS status`);

/**
 * A code that was withdrawn and reinstated says so (the history is appended, never erased): the
 * latest reinstatement and the withdrawal it undid, from code_status_events.
 */
const CERTIFICATE_JOINS = sql.raw(`
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
  ) reinstated ON true`);

async function firstRow(db: Database, query: SQL): Promise<CertificateRow | null> {
  const result = await db.execute<CertificateRow>(query);
  return result.rows[0] ?? null;
}

/**
 * How a code is looked up: by the public token of its address (a scan), or by its verification
 * code (typed on /verify); `attempted` is what an orphan scan records when nothing matches.
 */
interface CodeKey {
  column: "public_token" | "verification_code";
  value: string;
  attempted: string;
}

/** HEAD: the certificate without logging or counting anything. */
function readCertificate(db: Database, key: CodeKey) {
  return firstRow(
    db,
    sql`SELECT ${CERTIFICATE_COLUMNS}, NULL::text AS scanned_at, NULL::boolean AS counted
        FROM qr_codes code ${CERTIFICATE_JOINS}
        WHERE ${sql.raw(`code.${key.column}`)} = ${key.value}`,
  );
}

/** Counted scans are spread over this many rows per code (code_scan_counts), one picked at random. */
const SCAN_COUNT_SHARDS = 16;

/**
 * One statement logs, counts and answers, in one round trip to the database:
 * - `repeat` finds a counted scan of this code by this visitor within the repeat window;
 * - `counted` is a person's scan that is not a repeat;
 * - `visitor` records that this visitor scanned the code (and the month, when it moved on): a row
 *   added, not one already there, makes the scan a new distinct scanner. Concurrent first scans by
 *   one visitor add one row between them: the later waits for the earlier's row, then finds it.
 *   Postgres sets `xmax` on a row that ON CONFLICT updated (the row lock it took carries over to
 *   the new version) and leaves it 0 on a row inserted, which is how RETURNING tells them apart;
 * - `tally` adds it to one of the code's shards, picked at random, so concurrent scans of one code
 *   rarely wait for each other and never for long (a scan waits only for another statement holding
 *   the same shard row, or its visitor's row: never for every scan before it on the code's row);
 * - `logged` records the visit (a preview or a repeat too, marked as not counted), or an orphan
 *   scan when the token matched nothing; data-modifying CTEs always run to completion, so the
 *   orphan row is written even though the outer SELECT then returns no row.
 * The statement's reads do not see its own writes, so the answer's count is the code's total as the
 * statement found it; `verifyCode` adds this scan when it counted.
 */
function logScan(db: Database, key: CodeKey, visit: Visit, page: number | null) {
  const { kind, country, city, deviceClass, visitorHash: hash } = visit;
  const matches = (alias: string) => sql`${sql.raw(`${alias}.${key.column}`)} = ${key.value}`;
  return firstRow(
    db,
    sql`WITH target AS (
          SELECT id, company_id FROM qr_codes code WHERE ${matches("code")}
        ), repeat AS (
          SELECT 1 FROM scan_events scan JOIN target ON scan.qr_code_id = target.id
          WHERE scan.visitor_hash = ${hash}::text AND scan.counted
            AND scan.scanned_at > now() - make_interval(mins => ${REPEAT_SCAN_WINDOW_MINUTES})
            AND ${scannedNoEarlierThan(sql`scan.scanned_at`, Date.now() - REPEAT_SCAN_WINDOW_MINUTES * 60_000)}
          LIMIT 1
        ), counted AS (
          SELECT target.id, target.company_id
          FROM target WHERE ${kind}::text = 'scan' AND NOT EXISTS (SELECT 1 FROM repeat)
        ), visitor AS (
          INSERT INTO code_visitors (code_id, visitor_hash, last_seen_month)
          SELECT id, ${hash}::text, date_trunc('month', now() AT TIME ZONE 'UTC')::date FROM counted
          ON CONFLICT (code_id, visitor_hash) DO UPDATE SET last_seen_month = EXCLUDED.last_seen_month
            WHERE code_visitors.last_seen_month < EXCLUDED.last_seen_month
          RETURNING xmax = 0 AS first_scan
        ), tally AS (
          INSERT INTO code_scan_counts (code_id, company_id, shard, scans, visitors)
          SELECT id, company_id, floor(random() * ${SCAN_COUNT_SHARDS})::smallint, 1,
                 (SELECT count(*) FROM visitor WHERE first_scan)::int FROM counted
          ON CONFLICT (code_id, shard) DO UPDATE
            SET scans = code_scan_counts.scans + 1, visitors = code_scan_counts.visitors + EXCLUDED.visitors
        ), logged AS (
          INSERT INTO scan_events
            (qr_code_id, company_id, country, city, device_class, visitor_hash, attempted_token, kind, counted, page)
          SELECT id, company_id, ${country}::text, ${city}::text, ${deviceClass}::text, ${hash}::text, NULL::text,
                 ${kind}::text, EXISTS (SELECT 1 FROM counted), ${page}::smallint
          FROM target
          UNION ALL
          SELECT NULL, NULL, ${country}::text, ${city}::text, ${deviceClass}::text, ${hash}::text,
                 ${key.attempted}::text, ${kind}::text, false, NULL::smallint
          WHERE NOT EXISTS (SELECT 1 FROM target)
          RETURNING scanned_at, counted
        )
        SELECT ${CERTIFICATE_COLUMNS}, ${sql.raw(isoText("logged.scanned_at"))} AS scanned_at, logged.counted
        FROM qr_codes code ${CERTIFICATE_JOINS}
        CROSS JOIN logged
        WHERE ${matches("code")}`,
  );
}

/** Malformed tokens are never looked up; the attempt is still logged so guessing shows up. */
async function logOrphanScan(db: Database, attemptedToken: string, visit: Visit) {
  await db.insert(scanEvents).values({
    kind: visit.kind,
    counted: false,
    country: visit.country,
    city: visit.city,
    deviceClass: visit.deviceClass,
    visitorHash: visit.visitorHash,
    // Control characters (a decoded %00) would break the insert; the rest is kept as typed.
    attemptedToken: attemptedToken.replace(/\p{Cc}/gu, "?").slice(0, ATTEMPTED_TOKEN_MAX),
  });
}

/** "RICS 12345", or the body's own name when it is "Other"; null when the code carries none. */
function registrationText(row: CertificateRow): string | null {
  const body =
    row.issuer_registration_body === "Other" ? row.issuer_registration_body_name : row.issuer_registration_body;
  const parts = [body, row.issuer_registration_number].filter(Boolean);
  return parts.length ? parts.join(" ") : null;
}

function toCertificate(row: CertificateRow, origin: string): PublicCertificate {
  return {
    propertyAddress: row.property_address,
    propertyReference: row.property_reference,
    propertyArea: row.property_area,
    propertyType: row.property_type,
    propertySize: row.property_size,
    propertySizeUnit: row.property_size_unit,
    landSize: row.land_size,
    landSizeUnit: row.land_size_unit,
    marketValue: row.market_value,
    currency: row.currency,
    valuationDate: row.valuation_date,
    signingValuer: row.valuer_name,
    valuerQualification: row.valuer_qualification,
    valuerPhone: row.valuer_phone,
    companyName: row.company_name,
    companyEmail: row.company_email,
    companyPhone: row.company_phone,
    issuerRegistration: registrationText(row),
    qrCodeId: row.public_token,
    verificationCount: row.verification_count,
    status: row.status,
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
    supersededBy: row.successor_token ? verificationAddress(origin, row.successor_token) : null,
    valuerRegistrationNumber: row.valuer_registration_number,
    issuerVerified: row.issuer_trust === "verified",
    issuerTrust: row.issuer_trust,
    issuerVerifiedAt: row.issuer_verified_at,
    issuerSuspendedAt: row.issuer_suspended_at,
    reinstatement:
      row.reinstated_at && row.reinstated_revoked_at
        ? { revokedAt: row.reinstated_revoked_at, reinstatedAt: row.reinstated_at, reason: row.reinstated_reason }
        : null,
    addressee: row.addressee,
    purpose: row.purpose,
    inspectionDate: row.inspection_date,
    forcedSaleValue: row.forced_sale_value,
    titleNumber: row.title_number,
    validUntil: row.valid_until,
    verificationCode: formatVerificationCode(row.verification_code),
    relianceLetters: row.reliance_letters,
  };
}

/** The landing page's live demo: the server's own sample content, never counted, labelled "sample". */
export function demoCertificate(): PublicCertificate {
  const [day, month, year] = DEMO_CERTIFICATE.valuationDate.split("/");
  return {
    propertyAddress: DEMO_CERTIFICATE.propertyAddress,
    propertyReference: DEMO_CERTIFICATE.propertyReference ?? null,
    propertyArea: null,
    propertyType: DEMO_CERTIFICATE.propertyType,
    propertySize: DEMO_CERTIFICATE.propertySize ?? null,
    propertySizeUnit: DEMO_CERTIFICATE.propertySizeUnit ?? null,
    landSize: DEMO_CERTIFICATE.landSize ?? null,
    landSizeUnit: DEMO_CERTIFICATE.landSizeUnit ?? null,
    marketValue: DEMO_CERTIFICATE.marketValue,
    currency: DEMO_CERTIFICATE.currency,
    valuationDate: `${year}-${month}-${day}T00:00:00.000Z`,
    signingValuer: DEMO_CERTIFICATE.signingValuer ?? null,
    valuerQualification: null,
    valuerPhone: DEMO_CERTIFICATE.valuerPhone ?? null,
    companyName: DEMO_CERTIFICATE.companyName ?? "",
    companyEmail: null,
    companyPhone: null,
    issuerRegistration: null,
    qrCodeId: DEMO_TOKEN,
    verificationCount: 0,
    status: "sample",
    revokedAt: null,
    revokedReason: null,
    supersededBy: null,
    valuerRegistrationNumber: null,
    issuerVerified: false,
    issuerTrust: "not-verified",
    issuerVerifiedAt: null,
    issuerSuspendedAt: null,
    reinstatement: null,
    addressee: null,
    purpose: null,
    inspectionDate: null,
    forcedSaleValue: null,
    titleNumber: null,
    validUntil: null,
    verificationCode: null,
    relianceLetters: [],
  };
}

/** The counted (or, for HEAD, read-only) look-up both entry points share, with the alert to queue. */
async function verifyCode(
  db: Database,
  key: CodeKey,
  origin: string,
  visit: Visit | null,
  page: number | null,
): Promise<Verification> {
  const found = visit ? await logScan(db, key, visit, page) : await readCertificate(db, key);
  if (!found) return { found: false };
  const row = { ...found, verification_count: found.verification_count + (found.counted ? 1 : 0) };
  // Only a counted scan alerts the company: a repeat or a preview is in the scan log, not a new alert.
  const alert: ScanAlertMessage | null =
    visit && row.counted && row.alerts_enabled && row.scanned_at
      ? {
          companyId: row.company_id,
          codeId: row.code_id,
          alert: {
            event: "code.scanned",
            code: {
              id: row.public_token,
              url: row.qr_code_data,
              verificationCode: formatVerificationCode(row.verification_code),
              reference: row.property_reference,
              externalReference: row.external_reference,
              address: row.property_address,
            },
            scan: { at: row.scanned_at, country: visit.country, city: visit.city, device: visit.deviceClass },
            verificationCount: row.verification_count,
          },
        }
      : null;
  return { found: true, certificate: toCertificate(row, origin), alert, sealedPageCount: row.sealed_page_count };
}

/**
 * Resolves a public token the way a scan does: cheap format check first, then one counting
 * statement that logs a visit and counts it when it should (a read-only query for HEAD, `visit` null).
 * Both the scan path and the JSON API call this, so they count alike. `page` is the page of a sealed
 * report whose QR was scanned (`/v/<token>/<page>`), logged with the scan.
 */
export async function verifyPublicToken(
  db: Database,
  token: string,
  origin: string,
  visit: Visit | null,
  page: number | null = null,
): Promise<Verification> {
  if (token === DEMO_TOKEN) return { found: true, certificate: demoCertificate(), alert: null, sealedPageCount: null };
  if (!PUBLIC_TOKEN_PATTERN.test(token)) {
    if (visit) await logOrphanScan(db, token, visit);
    return { found: false };
  }
  return verifyCode(db, { column: "public_token", value: token, attempted: token }, origin, visit, page);
}

/**
 * Resolves a verification code as someone typed it (any case, with or without spaces, dashes and
 * the VS prefix) exactly as a scan of the code's address: counted, logged, alerting alike. Input
 * that cannot be a code is logged as an orphan scan without a look-up, like a malformed token.
 */
export async function verifyTypedCode(
  db: Database,
  typed: string,
  origin: string,
  visit: Visit | null,
): Promise<Verification> {
  const code = normalizeVerificationCode(typed);
  if (!code) {
    if (visit) await logOrphanScan(db, typed, visit);
    return { found: false };
  }
  const key = { column: "verification_code", value: code, attempted: formatVerificationCode(code) } as const;
  return verifyCode(db, key, origin, visit, null);
}
