import { sql, type SQLWrapper } from "drizzle-orm";
import type { Page } from "#schema/responses/index.ts";
import { wantsPage, type PaginationQuery } from "#schema/validation/pagination.ts";

export interface PageRange {
  limit: number;
  offset: number;
}

/** The rows a page covers: page 1 starts at row 0. */
export const pageRange = (page: number, pageSize: number): PageRange => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/**
 * A list's count statement (`db.select({ total: count() })…` with the list's own conditions): written
 * once, it is both the page's total column (totalColumn) and, past the end, the count run alone (countOf).
 */
type CountStatement = SQLWrapper & PromiseLike<{ total: unknown }[]>;

/** The whole list's total as a column of a page's statement: the count statement as a scalar subquery. */
export const totalColumn = (countStatement: SQLWrapper) => sql<number>`(${countStatement})`.mapWith(Number);

/** The count statement run on its own, for a page past the end (see pageOfRows). */
export async function countOf(countStatement: CountStatement): Promise<number> {
  const [row] = await countStatement;
  return Number(row?.total ?? 0);
}

type WithTotal = { total: number };

const withoutTotals = <Row extends WithTotal>(rows: Row[]) => rows.map(({ total: _total, ...item }) => item);

/**
 * The page answer from a page's rows, each carrying the whole list's total (totalColumn): page and
 * total then come from one statement, so from one snapshot and one round trip, and a list read
 * while rows are written never shows a total its page lacks. Only a page past the end has no row
 * to carry the total, and counts separately.
 */
export async function pageOfRows<Row extends WithTotal>(
  page: number,
  pageSize: number,
  rows: Row[],
  countItems: () => Promise<number>,
): Promise<Page<Omit<Row, "total">>> {
  const total = rows[0]?.total ?? (page > 1 ? await countItems() : 0);
  return { items: withoutTotals(rows), page, pageSize, total };
}

/** One page and the total of the whole list, from one statement (see pageOfRows). */
export async function fetchPage<Row extends WithTotal>(
  page: number,
  pageSize: number,
  fetchRows: (range: PageRange) => Promise<Row[]>,
  countItems: () => Promise<number>,
): Promise<Page<Omit<Row, "total">>> {
  return pageOfRows(page, pageSize, await fetchRows(pageRange(page, pageSize)), countItems);
}

/** The plain array unless the client asks for a page (`page` or `pageSize`, see paginationQuerySchema). */
export async function listOrPage<Row extends WithTotal>(
  query: PaginationQuery,
  defaultPageSize: number,
  fetchRows: (range?: PageRange) => Promise<Row[]>,
  countItems: () => Promise<number>,
): Promise<Omit<Row, "total">[] | Page<Omit<Row, "total">>> {
  if (!wantsPage(query)) return withoutTotals(await fetchRows());
  return fetchPage(query.page ?? 1, query.pageSize ?? defaultPageSize, fetchRows, countItems);
}
