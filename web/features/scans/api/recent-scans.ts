import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

const RECENT_SCANS_REFRESH_MS = 60_000;

const recentScansQuery = (limit: number) =>
  queryOptions({
    queryKey: ["/api/scans/recent", { limit }],
    queryFn: async () => (await answerOf(api.GET("/scans/recent", { params: { query: { limit } } }))).scans,
  });

/**
 * The dashboard's live feed of the company's scans. Unlike the rest of the app (no polling, no
 * refetch on focus) this one list refreshes when the page regains attention and every minute,
 * because a scan elsewhere in the world is exactly what it exists to show. "always": cached data
 * is never stale in this app, and a plain `true` only refetches stale data.
 */
export const useRecentScans = (limit: number) =>
  useQuery({
    ...recentScansQuery(limit),
    refetchOnWindowFocus: "always",
    refetchInterval: RECENT_SCANS_REFRESH_MS,
  });
