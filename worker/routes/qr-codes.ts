import { and, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { companies, qrCodes, valuers } from "../../schema/tables";
import {
  createQrCodeSchema,
  qrCodeListQuerySchema,
  QR_LIST_MAX,
  QR_PAGE_SIZE,
  type CreateQrCode,
  type QrCodeListQuery,
} from "../../schema/validation/qr-codes";
import type { Database } from "../db";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../lib/company";
import { ApiError, isUniqueViolation, notFound } from "../lib/errors";
import { containsPattern } from "../lib/like-patterns";
import { publicOrigin, verificationAddress } from "../lib/public-address";
import { renderQrSvg, svgDataUrl } from "../lib/qr";
import { randomToken } from "../lib/random";
import { parseId, validate } from "../lib/validation";
import { requireActiveCompany, requireCompanyUser, requireUser } from "../middleware/auth";

const CODE_NOT_FOUND = "QR code not found";
const PUBLIC_TOKEN_LENGTH = 16;
/** A clash of 16 random base62 characters is astronomically rare; a few tries end the loop. */
const TOKEN_ATTEMPTS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export const codeColumns = {
  id: qrCodes.id,
  publicToken: qrCodes.publicToken,
  userId: qrCodes.userId,
  companyId: qrCodes.companyId,
  valuationDate: qrCodes.valuationDate,
  marketValue: qrCodes.marketValue,
  currency: qrCodes.currency,
  valuerId: qrCodes.valuerId,
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
  qrCodeUrl: qrCodes.qrCodeUrl,
  verificationCount: qrCodes.verificationCount,
  isActive: qrCodes.isActive,
  revokedAt: qrCodes.revokedAt,
  revokedReason: qrCodes.revokedReason,
  supersededById: qrCodes.supersededById,
  createdAt: qrCodes.createdAt,
  updatedAt: qrCodes.updatedAt,
};

/** Codes with their signer; a deleted valuer's row is kept, so the name is still there. */
export const codeWithValuer = { ...codeColumns, valuer: { name: valuers.name, qualification: valuers.qualification } };

function selectCodes(db: Database) {
  return db.select(codeWithValuer).from(qrCodes).leftJoin(valuers, eq(valuers.id, qrCodes.valuerId)).$dynamic();
}

/** The image is drawn from the stored address each time, so it never drifts from what is encoded. */
function withImage<Code extends { qrCodeData: string }>(code: Code) {
  return { ...code, qrCodeDataUrl: svgDataUrl(renderQrSvg(code.qrCodeData).svg) };
}

/** Only an active, undeleted valuer of the user's own company may sign. */
async function findSigningValuer(db: Database, companyId: number, valuerId: number) {
  const [valuer] = await db
    .select({ name: valuers.name, qualification: valuers.qualification })
    .from(valuers)
    .where(
      and(
        eq(valuers.id, valuerId),
        eq(valuers.companyId, companyId),
        eq(valuers.isActive, true),
        isNull(valuers.deletedAt),
      ),
    )
    .limit(1);
  return valuer;
}

async function insertCode(db: Database, origin: string, values: CreateQrCode & { userId: number; companyId: number }) {
  for (let attempt = 1; ; attempt += 1) {
    const publicToken = randomToken(PUBLIC_TOKEN_LENGTH);
    try {
      const [code] = await db
        .insert(qrCodes)
        .values({ ...values, publicToken, qrCodeData: verificationAddress(origin, publicToken) })
        .returning(codeColumns);
      return code!;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= TOKEN_ATTEMPTS) throw error;
    }
  }
}

function listFilter(companyId: number, query: QrCodeListQuery): SQL | undefined {
  const { search, propertyType, date } = query;
  return and(
    eq(qrCodes.companyId, companyId),
    search
      ? or(
          ilike(qrCodes.propertyAddress, containsPattern(search)),
          ilike(qrCodes.propertyReference, containsPattern(search)),
        )
      : undefined,
    propertyType ? eq(qrCodes.propertyType, propertyType) : undefined,
    date
      ? and(gte(qrCodes.valuationDate, date), lt(qrCodes.valuationDate, new Date(date.getTime() + DAY_MS)))
      : undefined,
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
export function listTotal(companyId: number, query: QrCodeListQuery, where: SQL | undefined) {
  if (query.search || query.propertyType || query.date) return matchingCount(where);
  return sql<number>`(select ${companies.qrCodeCount} from ${companies} where ${companies.id} = ${companyId})`.mapWith(
    Number,
  );
}

/**
 * Without `page` the answer is the spec's plain array (the dashboard asks `?limit=5`); with `page`
 * it is `{ items, page, pageSize, total }`, pageSize being `limit`. The total rides on the page's
 * rows (see listTotal), so a page is one round trip.
 */
async function listCodes(db: Database, companyId: number, query: QrCodeListQuery) {
  const where = listFilter(companyId, query);
  const newestFirst = [desc(qrCodes.createdAt), desc(qrCodes.id)];
  if (query.page === undefined) {
    return selectCodes(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.limit ?? QR_LIST_MAX);
  }
  const pageSize = query.limit ?? QR_PAGE_SIZE;
  const rows = await db
    .select({ ...codeWithValuer, total: listTotal(companyId, query, where) })
    .from(qrCodes)
    .leftJoin(valuers, eq(valuers.id, qrCodes.valuerId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  const total = rows[0]?.total ?? (query.page > 1 ? await countCodes(db, where) : 0);
  return { items: rows.map(({ total: _total, ...code }) => code), page: query.page, pageSize, total };
}

/** Only for a page past the end, where the total has no row to ride on. */
async function countCodes(db: Database, where: SQL | undefined) {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(qrCodes)
    .where(where);
  return row?.total ?? 0;
}

/** The company's verification codes (SPEC 3, 7); a code of another company is not found. */
export const qrCodeRoutes = new Hono<AppEnv>()
  .get("/", requireUser, requireCompanyUser, validate("query", qrCodeListQuerySchema), async (c) =>
    c.json(await listCodes(c.var.db, currentCompanyId(c), c.req.valid("query"))),
  )
  .get("/:id", requireUser, requireCompanyUser, async (c) => {
    const id = parseId(c.req.param("id"), CODE_NOT_FOUND);
    const [code] = await selectCodes(c.var.db)
      .where(and(eq(qrCodes.id, id), eq(qrCodes.companyId, currentCompanyId(c))))
      .limit(1);
    if (!code) throw notFound(CODE_NOT_FOUND);
    return c.json(withImage(code));
  })
  .post("/", requireUser, requireCompanyUser, requireActiveCompany, validate("json", createQrCodeSchema), async (c) => {
    const input = c.req.valid("json");
    const companyId = currentCompanyId(c);
    const valuer = await findSigningValuer(c.var.db, companyId, input.valuerId);
    if (!valuer) {
      throw new ApiError(400, "Validation failed", ["valuerId: Choose an active valuer of your company"]);
    }
    const code = await insertCode(c.var.db, publicOrigin(c), { ...input, userId: c.var.user.id, companyId });
    return c.json(withImage({ ...code, valuer }), 201);
  });
