import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import type { AdminStats } from "../types";

export const adminStatsQuery = () =>
  queryOptions({
    queryKey: ["/api/admin/stats"],
    queryFn: () => apiRequest<AdminStats>("/api/admin/stats"),
  });

/** The four platform numbers of the admin dashboard. */
export const useAdminStats = () => useQuery(adminStatsQuery());
