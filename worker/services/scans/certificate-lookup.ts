import { type SQL, sql } from "drizzle-orm";
import { type PublicCertificate } from "#schema/validation/certificate.ts";
import { PUBLIC_TOKEN_PATTERN } from "#schema/public-token.ts";
import { DEMO_CERTIFICATE } from "#schema/demo-certificate.ts";
import { formatVerificationCode, normalizeVerificationCode } from "#schema/verification-code.ts";
import { CERTIFICATE_COLUMNS, CERTIFICATE_JOINS, type CertificateRow } from "#worker/lib/certificate-columns.ts";
import type { Database } from "#worker/db.ts";
import { DEMO_TOKEN, verificationAddress } from "#worker/lib/public-address.ts";
import type { Visit } from "#worker/lib/scan-visitor.ts";
import type { ScanAlertMessage } from "#worker/queue-messages.ts";
import { logOrphanScan, type CodeKey, type ScanLedger } from "./scan-counting";

/**
 * What a scan of a public address resolves to, shared by the HTML scan path and the JSON API; a
 * counted scan of a company with alerts also yields the alert to queue.
 */
export type CertificateLookup =
  | {
      found: true;
      certificate: PublicCertificate;
      alert: ScanAlertMessage | null;
      /** Pages of the code's latest sealed report; null when it was never sealed. */
      sealedPageCount: number | null;
    }
  | { found: false };

/** HEAD: the certificate without logging or counting anything. */
function readCertificate(db: Database, key: CodeKey) {
  return firstRow(
    db,
    sql`SELECT ${sql.raw(CERTIFICATE_COLUMNS)}, NULL::text AS scanned_at, NULL::boolean AS counted
        FROM qr_codes code ${sql.raw(CERTIFICATE_JOINS)}
        WHERE ${sql.raw(`code.${key.column}`)} = ${key.value}`,
  );
}

async function firstRow(db: Database, query: SQL): Promise<CertificateRow | null> {
  const result = await db.execute<CertificateRow>(query);
  return result.rows[0] ?? null;
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
    valuerRegisterCheck: row.valuer_register_check,
    issuerVerified: row.issuer_trust === "verified",
    issuerTrust: row.issuer_trust,
    issuerVerifiedAt: row.issuer_verified_at,
    issuerSuspendedAt: row.issuer_suspended_at,
    issuerClosedAt: row.issuer_closed_at,
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
    valuerRegisterCheck: null,
    issuerVerified: false,
    issuerTrust: "not-verified",
    issuerVerifiedAt: null,
    issuerSuspendedAt: null,
    issuerClosedAt: null,
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
async function lookUpCode(
  ledger: ScanLedger,
  key: CodeKey,
  origin: string,
  visit: Visit | null,
  page: number | null,
): Promise<CertificateLookup> {
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
export async function lookUpAddress(
  ledger: ScanLedger,
  token: string,
  origin: string,
  visit: Visit | null,
  page: number | null = null,
): Promise<CertificateLookup> {
  if (token === DEMO_TOKEN) return { found: true, certificate: demoCertificate(), alert: null, sealedPageCount: null };
  if (!PUBLIC_TOKEN_PATTERN.test(token)) {
    if (visit) await logOrphanScan(ledger.db, token, visit);
    return { found: false };
  }
  return lookUpCode(ledger, { column: "public_token", value: token, attempted: token }, origin, visit, page);
}

/**
 * Resolves a verification code as someone typed it (any case, with or without spaces, dashes and
 * the VS prefix) exactly as a scan of the code's address: counted, logged, alerting alike. Input
 * that cannot be a code is logged as an orphan scan without a look-up, like a malformed token.
 */
export async function lookUpShortCode(
  ledger: ScanLedger,
  typed: string,
  origin: string,
  visit: Visit | null,
): Promise<CertificateLookup> {
  const code = normalizeVerificationCode(typed);
  if (!code) {
    if (visit) await logOrphanScan(ledger.db, typed, visit);
    return { found: false };
  }
  const key = { column: "verification_code", value: code, attempted: formatVerificationCode(code) } as const;
  return lookUpCode(ledger, key, origin, visit, null);
}
