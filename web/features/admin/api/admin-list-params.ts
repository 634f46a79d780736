import { ADMIN_PAGE_SIZE } from "#schema/validation/admin.ts";

/** What the admin tables ask for: one page of the rows matching the search. */
export interface AdminListParams {
  page: number;
  search: string;
}

const ADMIN_LIST_PAGE_SIZE = ADMIN_PAGE_SIZE.default;

/** The query string of a paged admin list (an empty search is left out). */
export const adminListQueryParams = ({ page, search }: AdminListParams) => ({
  page,
  pageSize: ADMIN_LIST_PAGE_SIZE,
  search: search.trim(),
});
