import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

/** Same-title valuations whose values differ, one page at a time: both sides, with their firms. */
const titleConflictsQuery = (page: number) =>
  queryOptions({
    queryKey: ["/api/admin/title-conflicts", page],
    queryFn: () => answerOf(api.GET("/admin/title-conflicts", { params: { query: { page } } })),
    placeholderData: keepPreviousData,
  });

export const useTitleConflicts = (page: number) => useQuery(titleConflictsQuery(page));
