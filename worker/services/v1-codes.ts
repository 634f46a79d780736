import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { V1Code } from "../../schema/api-v1";
import type { Page, QrCode } from "../../schema/responses";
import { qrCodes, valuers } from "../../schema/tables";
import { PUBLIC_TOKEN_PATTERN } from "../../schema/validation/certificate";
import type { QrCodeListQuery } from "../../schema/validation/qr-codes";
import type { Database, Reader } from "../db";
import { notFound } from "../lib/errors";
import { CODE_NOT_FOUND, codePageRange, codeWithValuer, countCodes, listFilter, listTotal } from "./qr-codes";

/**
 * The integration API's view of a company's codes (/api/v1/codes): each code named by its token,
 * the code that replaces it by that code's token, never a row number.
 */

const successor = alias(qrCodes, "successor");

const v1Columns = { ...codeWithValuer, supersededByToken: successor.publicToken };

type V1Row = QrCode & { supersededByToken: string | null };

export function toV1Code(code: V1Row): V1Code {
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
    supersededBy: code.supersededByToken,
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

export async function v1Code(db: Database, companyId: number, token: string): Promise<V1Code> {
  const [row] = await db
    .select(v1Columns)
    .from(qrCodes)
    .leftJoin(successor, eq(successor.id, qrCodes.supersededById))
    .where(and(eq(qrCodes.publicToken, token), eq(qrCodes.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound(CODE_NOT_FOUND);
  return toV1Code(row);
}

/** One page of the company's codes, newest first, with the history screen's filters. */
export async function v1CodePage(db: Database, companyId: number, query: QrCodeListQuery): Promise<Page<V1Code>> {
  const range = codePageRange(query);
  const where = listFilter(companyId, query);
  const rows = await db
    .select({ ...v1Columns, total: listTotal(companyId, query, where) })
    .from(qrCodes)
    .leftJoin(successor, eq(successor.id, qrCodes.supersededById))
    .where(where)
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
    .limit(range.limit)
    .offset(range.offset);
  const page = query.page ?? 1;
  // The total rides on the rows; only a page past the end counts on its own.
  const total = rows[0]?.total ?? (page > 1 ? await countCodes(db, where) : 0);
  return { items: rows.map(({ total: _total, ...row }) => toV1Code(row)), page, pageSize: range.limit, total };
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
