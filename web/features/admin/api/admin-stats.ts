import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlatformStats } from "../../../../schema/responses";
import { apiRequest } from "../../../lib/api-client";

export const adminStatsQuery = () =>
  queryOptions({
    queryKey: ["/api/admin/stats"],
    queryFn: () => apiRequest<PlatformStats>("/api/admin/stats"),
  });

/** The four platform numbers of the admin dashboard. */
export const useAdminStats = () => useQuery(adminStatsQuery());
