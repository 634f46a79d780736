import { z } from "zod";

/** Every paged list answers at most this many rows a page. */
export const PAGE_SIZE_MAX = 100;

export const pageNumberField = z.coerce
  .number({ error: "Page must be a whole number" })
  .int("Page must be a whole number")
  .min(1, "Page must be at least 1");

export const pageSizeField = z.coerce
  .number({ error: "Page size must be a whole number" })
  .int("Page size must be a whole number")
  .min(1, "Page size must be at least 1")
  .max(PAGE_SIZE_MAX, `Page size must be at most ${PAGE_SIZE_MAX}`);

/**
 * The one pagination query of every list: `page` (from 1) and `pageSize`. A list that also has a
 * plain-array form (the codes list, the admin lists) answers the array when neither is given and
 * `{ items, page, pageSize, total }` when either is; each list sets its own default page size.
 */
export const paginationQuerySchema = z.object({
  page: pageNumberField.optional(),
  pageSize: pageSizeField.optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** True when the client asked for a page rather than the plain array. */
export const wantsPage = (query: PaginationQuery) => query.page !== undefined || query.pageSize !== undefined;
