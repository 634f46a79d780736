import { eq, sql } from "drizzle-orm";
import { codeTitle } from "#schema/code-description.ts";
import { companies, qrCodes } from "#schema/tables.ts";
import { PUBLIC_TOKEN_PATTERN } from "#schema/public-token.ts";
import { formatVerificationCode, normalizeVerificationCode } from "#schema/verification-code.ts";
import type { Reader } from "#worker/db.ts";
import { codeStatusColumn } from "#worker/lib/code-status.ts";
import { issuerTrustColumn } from "#worker/lib/issuer-trust.ts";
import { ApiError, notFound } from "#worker/lib/errors.ts";

/**
 * A valuation as a lender finds and sees it, for reliance and for watching alike: found by its
 * scanned token or its typed verification code, answered without row ids, with the reference of a
 * loan on it masked. Both ./reliances.ts and ./watches.ts read it from here.
 */

/** The lender a signed-in member acts for. */
export interface Lender {
  companyId: number;
  userId: number;
}

const RELIED_CODE_NOT_FOUND = "No valuation has this code";
export const LENDER_NOT_VERIFIED =
  "ValuSeal has not verified your institution yet. Reliance can be recorded once it has.";

/** The lender's own verified name, or 403 until ValuSeal has verified the institution. */
export async function verifiedLenderName(db: Reader, companyId: number): Promise<string> {
  const [lender] = await db
    .select({ name: companies.name, verificationStatus: companies.verificationStatus })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (lender?.verificationStatus !== "verified") throw new ApiError(403, LENDER_NOT_VERIFIED);
  return lender.name;
}

/** A moment in the issuer's standing now (its suspension, its closure), read beside the code. */
const issuerMoment = (column: "suspended_at" | "closed_at") =>
  sql<Date | null>`(SELECT ${sql.raw(column)} FROM companies WHERE companies.id = ${qrCodes.companyId})`.mapWith(
    (value: string | null) => (value === null ? null : new Date(value)),
  );

export const reliedCodeColumns = {
  id: qrCodes.id,
  token: qrCodes.publicToken,
  verificationCode: sql<string>`${qrCodes.verificationCode}`.mapWith((code: string) => formatVerificationCode(code)),
  issuerName: qrCodes.issuerName,
  issuerTrust: issuerTrustColumn(),
  valuerRegisterCheck: qrCodes.valuerRegisterCheck,
  propertyType: qrCodes.propertyType,
  propertyAddress: qrCodes.propertyAddress,
  propertyReference: qrCodes.propertyReference,
  propertyArea: qrCodes.propertyArea,
  addressee: qrCodes.addressee,
  marketValue: qrCodes.marketValue,
  currency: qrCodes.currency,
  valuationDate: qrCodes.valuationDate,
  validUntil: qrCodes.validUntil,
  titleNumber: qrCodes.titleNumber,
  revokedReason: qrCodes.revokedReason,
  supersededById: qrCodes.supersededById,
  status: codeStatusColumn(),
  /** When ValuSeal suspended the issuer: the certificate's headline names the day. */
  issuerSuspendedAt: issuerMoment("suspended_at"),
  /** When the issuer's account closed: the certificate says so beside its verdict. */
  issuerClosedAt: issuerMoment("closed_at"),
};

/** The code a lender names by its token (a scanned address) or its verification code as typed. */
export async function findReliedCode(db: Reader, typed: string, options: { lock?: boolean } = {}) {
  const token = PUBLIC_TOKEN_PATTERN.test(typed) ? typed : null;
  const verificationCode = token ? null : normalizeVerificationCode(typed);
  if (!token && !verificationCode) throw notFound(RELIED_CODE_NOT_FOUND);
  const query = db
    .select(reliedCodeColumns)
    .from(qrCodes)
    .where(token ? eq(qrCodes.publicToken, token) : eq(qrCodes.verificationCode, verificationCode!))
    .limit(1);
  // In a transaction that records against the code: a revocation or reinstatement under way (which
  // holds the row FOR UPDATE) is waited for and its outcome read, so nothing is recorded on a code
  // that was just withdrawn without its lender being told. Scan counts (FOR NO KEY UPDATE) do not
  // conflict with this lock.
  const [code] = options.lock ? await query.for("key share") : await query;
  if (!code) throw notFound(RELIED_CODE_NOT_FOUND);
  return code;
}

export type ReliedCode = Awaited<ReturnType<typeof findReliedCode>>;

/** The code as the lender's screens show it: no row ids, the property named as lists name it. */
export const reliedCodeAnswer = (code: ReliedCode) => ({
  token: code.token,
  verificationCode: code.verificationCode,
  issuerName: code.issuerName,
  issuerTrust: code.issuerTrust,
  valuerRegisterCheck: code.valuerRegisterCheck,
  property: codeTitle(code),
  addressee: code.addressee,
  marketValue: code.marketValue,
  currency: code.currency,
  valuationDate: code.valuationDate,
  validUntil: code.validUntil,
  status: code.status,
  issuerSuspendedAt: code.issuerSuspendedAt,
  issuerClosedAt: code.issuerClosedAt,
  revokedReason: code.revokedReason,
});

/** "••••4821": the last four characters only. */
export const maskedReference = (hint: string) => `••••${hint}`;
