import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Json, RecentScans } from "../../../../schema/responses";
import { apiRequest } from "../../../lib/api-client";
import { pathWithQuery } from "../../../lib/path-with-query";

export const RECENT_SCANS_REFRESH_MS = 60_000;

export const recentScansQuery = (limit: number) =>
  queryOptions({
    queryKey: ["/api/scans/recent", { limit }],
    queryFn: async () => (await apiRequest<Json<RecentScans>>(pathWithQuery("/api/scans/recent", { limit }))).scans,
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
