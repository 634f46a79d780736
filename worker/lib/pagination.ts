import type { Page } from "../../schema/responses";
import { wantsPage, type PaginationQuery } from "../../schema/validation/pagination";

export interface PageRange {
  limit: number;
  offset: number;
}

/** The rows a page covers: page 1 starts at row 0. */
export const pageRange = (page: number, pageSize: number): PageRange => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** One page and the total of the whole list, fetched concurrently. */
export async function fetchPage<T>(
  page: number,
  pageSize: number,
  fetchItems: (range: PageRange) => Promise<T[]>,
  countItems: () => Promise<number>,
): Promise<Page<T>> {
  const [items, total] = await Promise.all([fetchItems(pageRange(page, pageSize)), countItems()]);
  return { items, page, pageSize, total };
}

/** The plain array unless the client asks for a page (`page` or `pageSize`, see paginationQuerySchema). */
export function listOrPage<T>(
  query: PaginationQuery,
  defaultPageSize: number,
  fetchItems: (range?: PageRange) => Promise<T[]>,
  countItems: () => Promise<number>,
): Promise<T[] | Page<T>> {
  if (!wantsPage(query)) return fetchItems();
  return fetchPage(query.page ?? 1, query.pageSize ?? defaultPageSize, fetchItems, countItems);
}
