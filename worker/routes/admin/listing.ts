import type { AdminListQuery } from "../../../schema/validation/admin";
import { ADMIN_PAGE_SIZE } from "../../../schema/validation/admin";

export interface PageRange {
  limit: number;
  offset: number;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** `%text%` for ILIKE, with the user's own % and _ matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export async function fetchPage<T>(
  page: number,
  pageSize: number,
  fetchItems: (range: PageRange) => Promise<T[]>,
  countItems: () => Promise<number>,
): Promise<Page<T>> {
  const [items, total] = await Promise.all([
    fetchItems({ limit: pageSize, offset: (page - 1) * pageSize }),
    countItems(),
  ]);
  return { items, page, pageSize, total };
}

/** The spec's plain array unless the client asks for a page (see adminListQuerySchema). */
export function listOrPage<T>(
  query: AdminListQuery,
  fetchItems: (range?: PageRange) => Promise<T[]>,
  countItems: () => Promise<number>,
): Promise<T[] | Page<T>> {
  if (query.page === undefined && query.pageSize === undefined) return fetchItems();
  return fetchPage(query.page ?? 1, query.pageSize ?? ADMIN_PAGE_SIZE.default, fetchItems, countItems);
}
