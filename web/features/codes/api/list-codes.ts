import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api, listOf, pageOf, type RequestQuery } from "#web/lib/api-client.ts";

/** Every code list and page sits under this key, so one invalidation refreshes them all. */
export const codeListsKey = ["/api/qr-codes"] as const;

/**
 * The newest codes: the plain array form (no `page`), optionally only those the History search
 * matches (address, reference or verification code).
 */
const recentCodesQuery = (limit: number, search = "") =>
  queryOptions({
    queryKey: [...codeListsKey, { limit, search }],
    queryFn: async () => listOf(await answerOf(api.GET("/qr-codes", { params: { query: { limit, search } } }))),
  });

export const useRecentCodes = (limit: number) => useQuery(recentCodesQuery(limit));

/** Codes matching what is typed, newest first; the previous answer stays while the next loads. */
export const useCodeSearch = (limit: number, search: string, enabled: boolean) =>
  useQuery({ ...recentCodesQuery(limit, search), enabled, placeholderData: keepPreviousData });

/**
 * History filters, applied by the server. `date` is DD/MM/YYYY; `purpose` one of
 * VALUATION_PURPOSES; `status` one of CODE_STATUSES; "" means no filter.
 */
export interface CodeFilters {
  search: string;
  propertyType: string;
  date: string;
  purpose: string;
  status: string;
}

export const codePageQuery = (filters: CodeFilters & { page: number }) =>
  queryOptions({
    queryKey: [...codeListsKey, filters],
    // The filters come from the address bar as text; the route refuses a value not in its lists.
    queryFn: async () =>
      pageOf(await answerOf(api.GET("/qr-codes", { params: { query: filters as RequestQuery<"/qr-codes"> } }))),
  });

/** Keeps the previous page on screen while the next one loads, so the table does not flash. */
export const useCodePage = (filters: CodeFilters & { page: number }) =>
  useQuery({ ...codePageQuery(filters), placeholderData: keepPreviousData });
