import { and, desc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import * as tables from "../schema/tables";
import { qrCodes, valuers } from "../schema/tables";
import { ADMIN_PAGE_SIZE } from "../schema/validation/admin";
import { QR_PAGE_SIZE, qrCodeListQuerySchema } from "../schema/validation/qr-codes";
import { pageRange } from "../worker/lib/pagination";
import { companyStatsQuery } from "../worker/services/companies/analytics";
import { selectCompanies } from "../worker/services/companies/admin-companies";
import { codePageQuery, codeWithValuer } from "../worker/services/codes/qr-codes";

/**
 * The SQL the three measured routes run, built by the services' own query builders with no
 * filters, first page. The benchmark checks that these return exactly what the API returned, so a
 * drift between the benchmark and the routes shows up as a failure.
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
  return codePageQuery(db, companyId, qrCodeListQuerySchema.parse({}), pageRange(1, QR_PAGE_SIZE));
}

/**
 * The history page as it was before the benchmark: the total as a window over the joined rows.
 * No route runs it any more; it is measured beside the current query to show what changed.
 */
export function historyPageWindowQuery(db: BenchDatabase, companyId: number) {
  return db
    .select({ ...codeWithValuer, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(qrCodes)
    .leftJoin(valuers, eq(valuers.id, qrCodes.valuerId))
    .where(and(eq(qrCodes.companyId, companyId)))
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id))
    .limit(QR_PAGE_SIZE)
    .offset(0);
}

/** GET /api/admin/companies-detailed?page=1: the page's rows, each carrying the total. */
export function adminCompaniesPageQuery(db: BenchDatabase) {
  return selectCompanies(db, undefined, pageRange(1, ADMIN_PAGE_SIZE.default));
}
