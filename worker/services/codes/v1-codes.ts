import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { V1Code } from "#schema/api-v1.ts";
import type { Page } from "#schema/responses/index.ts";
import { qrCodes, valuers } from "#schema/tables.ts";
import { PUBLIC_TOKEN_PATTERN } from "#schema/public-token.ts";
import type { QrCodeListQuery } from "#schema/validation/qr-codes.ts";
import type { Database, Reader } from "#worker/db.ts";
import { notFound } from "#worker/lib/errors.ts";
import { CODE_NOT_FOUND, codePage, codePageQuery, codePageRange, selectCodes, type StoredCode } from "./qr-codes";

/**
 * The integration API's view of a company's codes (/api/v1/codes): each code named by its token,
 * the code that replaces it by that code's token, never a row number.
 */

export function toV1Code(code: StoredCode, supersededByToken: string | null): V1Code {
  return {
    id: code.publicToken,
    url: code.qrCodeData,
    verificationCode: code.verificationCode,
    status: code.status,
    issuerTrust: code.issuerTrust,
    issuerName: code.issuerName,
    issuerEmail: code.issuerEmail,
    valuer: code.valuer,
    propertyType: code.propertyType,
    propertyAddress: code.propertyAddress,
    propertyReference: code.propertyReference,
    propertyArea: code.propertyArea,
    propertySize: code.propertySize,
    propertySizeUnit: code.propertySizeUnit,
    landSize: code.landSize,
    landSizeUnit: code.landSizeUnit,
    latitude: code.latitude,
    longitude: code.longitude,
    titleNumber: code.titleNumber,
    externalReference: code.externalReference,
    marketValue: code.marketValue,
    forcedSaleValue: code.forcedSaleValue,
    currency: code.currency,
    valuationDate: code.valuationDate.toISOString(),
    inspectionDate: code.inspectionDate?.toISOString() ?? null,
    validUntil: code.validUntil.toISOString(),
    addressee: code.addressee,
    purpose: code.purpose,
    revokedAt: code.revokedAt?.toISOString() ?? null,
    revokedReason: code.revokedReason,
    supersededBy: supersededByToken,
    scanCount: code.verificationCount,
    createdAt: code.createdAt.toISOString(),
  };
}

/** The row id of the company's code with this token; null for a token of no code of the company. */
export async function codeIdForToken(db: Reader, companyId: number, token: string): Promise<number | null> {
  if (!PUBLIC_TOKEN_PATTERN.test(token)) return null;
  const [code] = await db
    .select({ id: qrCodes.id })
    .from(qrCodes)
    .where(and(eq(qrCodes.publicToken, token), eq(qrCodes.companyId, companyId)))
    .limit(1);
  return code?.id ?? null;
}

/** As codeIdForToken, or 404: another company's code looks exactly like one that does not exist. */
export async function codeIdByToken(db: Reader, companyId: number, token: string): Promise<number> {
  const id = await codeIdForToken(db, companyId, token);
  if (id === null) throw notFound(CODE_NOT_FOUND);
  return id;
}

/** The tokens of the codes that replace any of these codes, by the replaced code's id, read in one query. */
async function successorTokensOf(db: Reader, codes: StoredCode[]): Promise<Map<number, string>> {
  const ids = [...new Set(codes.flatMap((code) => (code.supersededById === null ? [] : [code.supersededById])))];
  if (ids.length === 0) return new Map();
  const successors = await db
    .select({ id: qrCodes.id, publicToken: qrCodes.publicToken })
    .from(qrCodes)
    .where(inArray(qrCodes.id, ids));
  const tokenOf = new Map(successors.map((successor) => [successor.id, successor.publicToken]));
  return new Map(
    codes.flatMap((code) => {
      const token = code.supersededById === null ? undefined : tokenOf.get(code.supersededById);
      return token === undefined ? [] : [[code.id, token] as const];
    }),
  );
}

/** The codes as the API answers them, in the order given. */
export async function withSuccessorTokens(db: Reader, codes: StoredCode[]): Promise<V1Code[]> {
  const tokens = await successorTokensOf(db, codes);
  return codes.map((code) => toV1Code(code, tokens.get(code.id) ?? null));
}

export async function v1Code(db: Database, companyId: number, token: string): Promise<V1Code> {
  const [code] = await selectCodes(db)
    .where(and(eq(qrCodes.publicToken, token), eq(qrCodes.companyId, companyId)))
    .limit(1);
  if (!code) throw notFound(CODE_NOT_FOUND);
  const [answer] = await withSuccessorTokens(db, [code]);
  return answer!;
}

/** One page of the company's codes, newest first, with the History screen's filters (its own page query). */
export async function v1CodePage(db: Database, companyId: number, query: QrCodeListQuery): Promise<Page<V1Code>> {
  const rows = await codePageQuery(db, companyId, query, codePageRange(query));
  const page = await codePage(db, companyId, query, rows);
  return { ...page, items: await withSuccessorTokens(db, page.items) };
}

/** The valuers who can sign a new code: active and not deleted, by name. */
export function signingValuers(db: Database, companyId: number) {
  return db
    .select({
      id: valuers.id,
      name: valuers.name,
      qualification: valuers.qualification,
      registrationNumber: valuers.registrationNumber,
    })
    .from(valuers)
    .where(and(eq(valuers.companyId, companyId), eq(valuers.isActive, true), isNull(valuers.deletedAt)))
    .orderBy(asc(valuers.name), asc(valuers.id));
}
