import { and, desc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import * as tables from "../schema/tables";
import { companies, qrCodes, users, valuers } from "../schema/tables";
import { ADMIN_PAGE_SIZE } from "../schema/validation/admin";
import { QR_PAGE_SIZE } from "../schema/validation/qr-codes";
import { companyRow } from "../worker/routes/admin/companies";
import { companyStatsQuery } from "../worker/routes/analytics";
import { codeWithValuer, listTotal } from "../worker/routes/qr-codes";

/**
 * The SQL the three measured routes run, built from the route modules' own column sets and
 * drizzle expressions (worker/routes/analytics.ts, qr-codes.ts listCodes, admin/companies.ts
 * selectCompanies + countCompanies) with no filters, first page. The benchmark checks that these
 * return exactly what the API returned, so a drift between copy and route shows up as a failure.
 */
export type BenchDatabase = ReturnType<typeof benchDatabase>;

export function benchDatabase(pool: pg.Pool) {
  return drizzle({ client: pool, schema: tables, casing: "snake_case" });
}

/** GET /api/analytics/stats */
export function statsQuery(db: BenchDatabase, companyId: number) {
  return companyStatsQuery(db, companyId);
}

/** GET /api/qr-codes?page=1 (the history screen's first page) */
export function historyPageQuery(db: BenchDatabase, companyId: number) {
  // listFilter with no search, type or date: the three optional conditions are undefined.
  const where = and(eq(qrCodes.companyId, companyId), undefined, undefined, undefined);
  return db
    .select({ ...codeWithValuer, total: listTotal(companyId, { search: undefined }, where) })
    .from(qrCodes)
    .leftJoin(valuers, eq(valuers.id, qrCodes.valuerId))
    .where(where)
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
    .limit(QR_PAGE_SIZE)
    .offset(0);
}

/**
 * The history page as it was before the benchmark: the total as a window over the joined rows.
 * No route runs it any more; it is measured beside the current query to show what changed.
 */
export function historyPageWindowQuery(db: BenchDatabase, companyId: number) {
  const where = and(eq(qrCodes.companyId, companyId), undefined, undefined, undefined);
  return db
    .select({ ...codeWithValuer, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(qrCodes)
    .leftJoin(valuers, eq(valuers.id, qrCodes.valuerId))
    .where(where)
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
    .limit(QR_PAGE_SIZE)
    .offset(0);
}

/** GET /api/admin/companies-detailed?page=1: the page's rows… */
export function adminCompaniesPageQuery(db: BenchDatabase) {
  return db
    .select(companyRow)
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(undefined)
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(ADMIN_PAGE_SIZE.default)
    .offset(0);
}

/** …and its total, which the route runs alongside. */
export function adminCompaniesCountQuery(db: BenchDatabase) {
  return db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(undefined);
}
