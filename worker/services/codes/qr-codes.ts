import { and, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { DAY_MS } from "#schema/limits.ts";
import { companies, qrCodes, valuers } from "#schema/tables.ts";
import { QR_LIST_MAX, QR_PAGE_SIZE, type QrCodeListQuery } from "#schema/validation/qr-codes.ts";
import type { Database, Queryable, Reader } from "#worker/db.ts";
import { ApiError, notFound } from "#worker/lib/errors.ts";
import { containsPattern } from "#worker/lib/like-patterns.ts";
import type { CodeSigner, Page } from "#schema/responses/index.ts";
import { pageOfRows, pageRange, type PageRange } from "#worker/lib/pagination.ts";
import { formatVerificationCode, normalizeVerificationCode } from "#schema/verification-code.ts";
import { codeStatusColumn } from "#worker/lib/code-status.ts";
import { issuerTrustColumn } from "#worker/lib/issuer-trust.ts";
import { parseId } from "#worker/lib/validation.ts";
import { scanCountColumn } from "#worker/lib/scan-count-shards.ts";

export const CODE_NOT_FOUND = "QR code not found";
/** A clash of 16 random base62 characters, or of ~49.5-bit verification codes, is rare; a few tries end the loop. */
export const TOKEN_ATTEMPTS = 3;

/**
 * A code of the given company, from a path id, or 404: a code of another company looks exactly
 * like a missing one. `lock` holds the row for the rest of a transaction (status changes).
 */
export async function findCompanyCode(db: Reader, companyId: number, rawId: string, options: { lock?: boolean } = {}) {
  const id = parseId(rawId, CODE_NOT_FOUND);
  const query = db
    .select({ id: qrCodes.id, publicToken: qrCodes.publicToken, userId: qrCodes.userId, revokedAt: qrCodes.revokedAt })
    .from(qrCodes)
    .where(and(eq(qrCodes.id, id), eq(qrCodes.companyId, companyId)))
    .limit(1);
  const [code] = options.lock ? await query.for("update") : await query;
  if (!code) throw notFound(CODE_NOT_FOUND);
  return code;
}

const codeColumns = {
  id: qrCodes.id,
  publicToken: qrCodes.publicToken,
  userId: qrCodes.userId,
  companyId: qrCodes.companyId,
  valuationDate: qrCodes.valuationDate,
  marketValue: qrCodes.marketValue,
  currency: qrCodes.currency,
  valuerId: qrCodes.valuerId,
  issuerName: qrCodes.issuerName,
  issuerEmail: qrCodes.issuerEmail,
  propertyAddress: qrCodes.propertyAddress,
  propertyReference: qrCodes.propertyReference,
  propertyArea: qrCodes.propertyArea,
  propertyType: qrCodes.propertyType,
  propertySize: qrCodes.propertySize,
  propertySizeUnit: qrCodes.propertySizeUnit,
  landSize: qrCodes.landSize,
  landSizeUnit: qrCodes.landSizeUnit,
  latitude: qrCodes.latitude,
  longitude: qrCodes.longitude,
  qrCodeData: qrCodes.qrCodeData,
  verificationCount: scanCountColumn(),
  revokedAt: qrCodes.revokedAt,
  revokedReason: qrCodes.revokedReason,
  supersededById: qrCodes.supersededById,
  addressee: qrCodes.addressee,
  purpose: qrCodes.purpose,
  inspectionDate: qrCodes.inspectionDate,
  forcedSaleValue: qrCodes.forcedSaleValue,
  titleNumber: qrCodes.titleNumber,
  externalReference: qrCodes.externalReference,
  validUntil: qrCodes.validUntil,
  // Stored bare, answered as people read and type it ("VS-7K3M-9Q2P-4H").
  verificationCode: sql<string>`${qrCodes.verificationCode}`.mapWith((code: string) => formatVerificationCode(code)),
  status: codeStatusColumn(),
  issuerTrust: issuerTrustColumn(),
  valuerRegisterCheck: qrCodes.valuerRegisterCheck,
  createdAt: qrCodes.createdAt,
  updatedAt: qrCodes.updatedAt,
};

/** Codes with their signer as frozen at issue: a later edit of the valuer never changes an issued code. */
export const codeWithValuer = {
  ...codeColumns,
  valuer: sql<CodeSigner | null>`case when ${qrCodes.valuerName} is null then null
    else json_build_object('name', ${qrCodes.valuerName}, 'qualification', ${qrCodes.valuerQualification}) end`.mapWith(
    (value: CodeSigner | string | null) => (typeof value === "string" ? (JSON.parse(value) as CodeSigner) : value),
  ),
};

export function selectCodes(db: Reader) {
  return db.select(codeWithValuer).from(qrCodes).$dynamic();
}

/** A code as read from the database (dates as Date); the routes answer it as their schemas describe. */
export type StoredCode = Awaited<ReturnType<typeof selectCodes>>[number];

/**
 * One code of the company with its signer as frozen on the certificate and, when an edit of the
 * valuer made them differ since, the signer's details now (so the firm sees why the certificate
 * shows the old ones); 404 for a code of another company, which looks missing.
 */
export async function getCompanyCode(
  db: Database,
  companyId: number,
  rawId: string,
): Promise<StoredCode & { signerNow: CodeSigner | null }> {
  const id = parseId(rawId, CODE_NOT_FOUND);
  const [row] = await db
    .select({ ...codeWithValuer, nowName: valuers.name, nowQualification: valuers.qualification })
    .from(qrCodes)
    .leftJoin(valuers, eq(valuers.id, qrCodes.valuerId))
    .where(and(eq(qrCodes.id, id), eq(qrCodes.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound(CODE_NOT_FOUND);
  const { nowName, nowQualification, ...code } = row;
  const changed =
    nowName !== null &&
    code.valuer !== null &&
    (nowName !== code.valuer.name || (nowQualification ?? null) !== (code.valuer.qualification ?? null));
  return { ...code, signerNow: changed ? { name: nowName, qualification: nowQualification } : null };
}

/** Only an active, undeleted valuer of the issuing company may sign (a single create, a batch). */
export const maySign = (companyId: number | SQL<number> | AnyPgColumn) =>
  and(eq(valuers.companyId, companyId), eq(valuers.isActive, true), isNull(valuers.deletedAt));

/** The code a firm already issued for one of its own references (`externalReference`). */
export class ReferenceTaken extends ApiError {
  constructor(
    readonly codeId: number,
    readonly publicToken: string,
    verificationCode: string,
  ) {
    super(
      409,
      "A code was already issued for this reference",
      [`externalReference: A code was already issued for this reference (${formatVerificationCode(verificationCode)})`],
      undefined,
      "reference_taken",
    );
  }
}

/** The company's code issued for this reference of the firm's, if any. */
export async function codeForReference(db: Queryable, companyId: number, externalReference: string) {
  const [code] = await db
    .select({ id: qrCodes.id, publicToken: qrCodes.publicToken, verificationCode: qrCodes.verificationCode })
    .from(qrCodes)
    .where(and(eq(qrCodes.companyId, companyId), eq(qrCodes.externalReference, externalReference)))
    .limit(1);
  return code;
}

/**
 * After an insert that stored nothing: when the firm's reference already has a code, that is the
 * answer (ReferenceTaken, with the code); otherwise the clash was the random token's, and the caller
 * tries again with another.
 */
export async function refuseTakenReference(
  db: Queryable,
  companyId: number,
  externalReference: string | null | undefined,
) {
  if (!externalReference) return;
  const existing = await codeForReference(db, companyId, externalReference);
  if (existing) throw new ReferenceTaken(existing.id, existing.publicToken, existing.verificationCode);
}

/**
 * The first key of the advisory lock that orders a company's issues naming references: the issuing
 * statement (code-issuing.ts) takes it first, until it commits. Two batches naming the same
 * references in different orders, or a single create racing a batch, would otherwise each hold a
 * reference the other waits for (and the transparency log's head, which every signature updates):
 * Postgres would end one as a deadlock. In this order the later one waits, then finds the earlier
 * one's codes.
 */
export const REFERENCE_LOCK_SPACE = 1835;

/** What a create naming another company's, a deactivated or a deleted valuer is told. */
export const CHOOSE_ACTIVE_VALUER = "Choose an active valuer of your company";

/**
 * The History filters. The search matches the address or reference anywhere, and a whole
 * verification code as printed or typed ("VS-7K3M-9Q2P-4H", "vs 7k3m 9q2p 4h", "7K3M9Q2P4H"): the
 * code a bank officer reads out on the phone finds its report.
 */
export function listFilter(companyId: number | SQL<number>, query: QrCodeListQuery): SQL | undefined {
  const { search, propertyType, date, purpose, status } = query;
  const typedCode = search ? normalizeVerificationCode(search) : null;
  return and(
    eq(qrCodes.companyId, companyId),
    search
      ? or(
          ilike(qrCodes.propertyAddress, containsPattern(search)),
          ilike(qrCodes.propertyReference, containsPattern(search)),
          typedCode ? eq(qrCodes.verificationCode, typedCode) : undefined,
        )
      : undefined,
    propertyType ? eq(qrCodes.propertyType, propertyType) : undefined,
    date
      ? and(gte(qrCodes.valuationDate, date), lt(qrCodes.valuationDate, new Date(date.getTime() + DAY_MS)))
      : undefined,
    purpose ? eq(qrCodes.purpose, purpose) : undefined,
    status ? eq(codeStatusColumn(), status) : undefined,
  );
}

/**
 * The number of codes matching the filter, as a scalar subquery: Postgres computes it once, from
 * the company index alone when the filter allows (an index-only count), while the page itself is
 * read in index order and stops after `limit` rows. A `count(*) over ()` window would instead
 * join and sort every matching row to hand out one page (over a second at 100k codes).
 */
const matchingCount = (where: SQL | undefined) =>
  sql<number>`(select count(*) from ${qrCodes} where ${where ?? sql`true`})`.mapWith(Number);

/**
 * The history total. Unfiltered it is the company's running counter (kept by a trigger, migration
 * 0002), so the first page costs the same for 100 codes or 100,000; filtered it counts the matches.
 */
export function listTotal(companyId: number | SQL<number>, query: QrCodeListQuery, where: SQL | undefined) {
  if (query.search || query.propertyType || query.date || query.purpose || query.status) return matchingCount(where);
  return sql<number>`(select ${companies.qrCodeCount} from ${companies} where ${companies.id} = ${companyId})`.mapWith(
    Number,
  );
}

const newestFirst = () => [desc(qrCodes.createdAt), desc(qrCodes.id)];

/** One page of the company's codes, each row carrying the total of the whole (filtered) list. */
export function codePageQuery(db: Reader, companyId: number | SQL<number>, query: QrCodeListQuery, range: PageRange) {
  const where = listFilter(companyId, query);
  return db
    .select({ ...codeWithValuer, total: listTotal(companyId, query, where) })
    .from(qrCodes)
    .leftJoin(valuers, eq(valuers.id, qrCodes.valuerId))
    .where(where)
    .orderBy(...newestFirst())
    .limit(range.limit)
    .offset(range.offset);
}

/**
 * Without `page` or `pageSize` the list is the plain array of the latest codes (the dashboard asks
 * `?limit=5`); with either it is `{ items, page, pageSize, total }` (codePageQuery, then codePage).
 */
export function latestCodesQuery(db: Database, companyId: number | SQL<number>, query: QrCodeListQuery) {
  return selectCodes(db)
    .where(listFilter(companyId, query))
    .orderBy(...newestFirst())
    .limit(query.limit ?? QR_LIST_MAX);
}

export const codePageRange = (query: QrCodeListQuery) => pageRange(query.page ?? 1, query.pageSize ?? QR_PAGE_SIZE);

/**
 * The page answer from codePageQuery's rows. The total rides on the rows (see listTotal), so a
 * page is one round trip; only a page past the end counts separately.
 */
export function codePage(
  db: Database,
  companyId: number,
  query: QrCodeListQuery,
  rows: Awaited<ReturnType<typeof codePageQuery>>,
): Promise<Page<StoredCode>> {
  return pageOfRows(query.page ?? 1, query.pageSize ?? QR_PAGE_SIZE, rows, () =>
    countCodes(db, listFilter(companyId, query)),
  );
}

/** Only for a page past the end, where the total has no row to ride on. */
async function countCodes(db: Database, where: SQL | undefined) {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(qrCodes)
    .where(where);
  return row?.total ?? 0;
}
