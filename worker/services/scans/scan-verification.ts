import { type SQL, sql } from "drizzle-orm";
import { scanEvents } from "#schema/tables.ts";
import { type PublicCertificate } from "#schema/validation/certificate.ts";
import { PUBLIC_TOKEN_PATTERN } from "#schema/public-token.ts";
import { DEMO_CERTIFICATE } from "#schema/demo-certificate.ts";
import { REPEAT_SCAN_WINDOW_MINUTES } from "#schema/limits/scans.ts";
import { type CodeStatusName, type IssuerTrust, type ValuationPurpose } from "#schema/limits/codes.ts";
import { formatVerificationCode, normalizeVerificationCode } from "#schema/verification-code.ts";
import { CERTIFICATE_COLUMNS, CERTIFICATE_JOINS, type CodeColumn } from "#worker/lib/certificate-sql.ts";
import type { Database } from "#worker/db.ts";
import { DEMO_TOKEN, verificationAddress } from "#worker/lib/public-address.ts";
import { SCAN_BATCH_MAX, SCAN_BUSY_SHARE, SCAN_WAITING_MAX, ScanBatcher } from "#worker/lib/scan-batcher.ts";
import type { Visit } from "#worker/lib/scan-visitor.ts";
import type { ScanAlertMessage } from "#worker/queue-messages.ts";

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

/** The row both certificate queries return (aliases in worker/lib/certificate-sql.ts); timestamps arrive as ISO text. */
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
  /** Counted scans before this one: as the statement found them, plus its batch's earlier counted scans (countingStatement in worker/lib/certificate-sql.ts). */
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

async function firstRow(db: Database, query: SQL): Promise<CertificateRow | null> {
  const result = await db.execute<CertificateRow>(query);
  return result.rows[0] ?? null;
}

/**
 * How a code is looked up: by the public token of its address (a scan), or by its verification
 * code (typed on /verify); `attempted` is what an orphan scan records when nothing matches.
 */
export interface CodeKey {
  column: CodeColumn;
  value: string;
  attempted: string;
}

/** A visit to count, and the page of a sealed report whose QR was scanned (null for the code's own address). */
export interface PendingScan {
  visit: Visit;
  page: number | null;
}

/**
 * Where a visit is counted. The Worker sends it through the code's Durable Object, which batches a
 * code's simultaneous scans into one call of logScans (worker/request/scan-ledger.ts); `db` serves
 * the read-only look-up and the orphan scans of malformed input.
 */
export interface ScanLedger {
  db: Database;
  count(key: CodeKey, scan: PendingScan): Promise<CertificateRow | null>;
}

/** HEAD: the certificate without logging or counting anything. */
function readCertificate(db: Database, key: CodeKey) {
  return firstRow(
    db,
    sql`SELECT ${sql.raw(CERTIFICATE_COLUMNS)}, NULL::text AS scanned_at, NULL::boolean AS counted
        FROM qr_codes code ${sql.raw(CERTIFICATE_JOINS)}
        WHERE ${sql.raw(`code.${key.column}`)} = ${key.value}`,
  );
}

/**
 * Visits to one code logged, counted when they should be, and the certificate answered to each:
 * one call of the scan function (LOG_SCANS_FUNCTION, worker/lib/certificate-sql.ts), one answer per
 * visit in order; all null when the key matched no code, which the function logged as orphan scans.
 */
export async function logScans(db: Database, key: CodeKey, scans: PendingScan[]): Promise<(CertificateRow | null)[]> {
  const visits = scans.map(({ visit, page }, index) => ({
    arrival: index + 1,
    visitor_hash: visit.visitorHash,
    kind: visit.kind,
    country: visit.country,
    city: visit.city,
    device_class: visit.deviceClass,
    page,
  }));
  const result = await db.execute<{ certificate: CertificateRow }>(
    sql`SELECT certificate FROM log_scans(${key.column === "verification_code"}::boolean, ${key.value}::text,
          ${key.attempted}::text, ${JSON.stringify(visits)}::json, ${REPEAT_SCAN_WINDOW_MINUTES}::int
        ) AS certificate`,
  );
  if (result.rows.length === 0) return scans.map(() => null);
  if (result.rows.length !== scans.length) {
    throw new Error(`log_scans answered ${result.rows.length} certificates for ${scans.length} scans`);
  }
  return result.rows.map((row) => row.certificate);
}

/**
 * A ledger that counts each code's simultaneous visits together, one call of logScans at a time
 * per code (ScanBatcher): what a code's Durable Object runs, and what the bench's burst runs to
 * send the database exactly those calls.
 */
export function batchingLedger(db: Database): ScanLedger {
  const batchers = new Map<string, ScanBatcher<PendingScan, CertificateRow | null>>();
  return {
    db,
    count(key, scan) {
      const name = `${key.column}:${key.value}`;
      let batcher = batchers.get(name);
      if (!batcher) {
        batcher = new ScanBatcher(
          (scans) => logScans(db, key, scans),
          SCAN_BATCH_MAX,
          SCAN_WAITING_MAX,
          SCAN_BUSY_SHARE,
        );
        batchers.set(name, batcher);
      }
      return batcher.submit(scan);
    },
  };
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
function demoCertificate(): PublicCertificate {
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
  ledger: ScanLedger,
  key: CodeKey,
  origin: string,
  visit: Visit | null,
  page: number | null,
): Promise<Verification> {
  const found = visit ? await ledger.count(key, { visit, page }) : await readCertificate(ledger.db, key);
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
 * Resolves a public token the way a scan does: cheap format check first, then the ledger logs the
 * visit and counts it when it should (a read-only query for HEAD, `visit` null).
 * Both the scan path and the JSON API call this, so they count alike. `page` is the page of a sealed
 * report whose QR was scanned (`/v/<token>/<page>`), logged with the scan.
 */
export async function verifyPublicToken(
  ledger: ScanLedger,
  token: string,
  origin: string,
  visit: Visit | null,
  page: number | null = null,
): Promise<Verification> {
  if (token === DEMO_TOKEN) return { found: true, certificate: demoCertificate(), alert: null, sealedPageCount: null };
  if (!PUBLIC_TOKEN_PATTERN.test(token)) {
    if (visit) await logOrphanScan(ledger.db, token, visit);
    return { found: false };
  }
  return verifyCode(ledger, { column: "public_token", value: token, attempted: token }, origin, visit, page);
}

/**
 * Resolves a verification code as someone typed it (any case, with or without spaces, dashes and
 * the VS prefix) exactly as a scan of the code's address: counted, logged, alerting alike. Input
 * that cannot be a code is logged as an orphan scan without a look-up, like a malformed token.
 */
export async function verifyTypedCode(
  ledger: ScanLedger,
  typed: string,
  origin: string,
  visit: Visit | null,
): Promise<Verification> {
  const code = normalizeVerificationCode(typed);
  if (!code) {
    if (visit) await logOrphanScan(ledger.db, typed, visit);
    return { found: false };
  }
  const key = { column: "verification_code", value: code, attempted: formatVerificationCode(code) } as const;
  return verifyCode(ledger, key, origin, visit, null);
}
