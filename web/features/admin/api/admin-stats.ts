import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

const adminStatsQuery = () =>
  queryOptions({
    queryKey: ["/api/admin/stats"],
    queryFn: () => answerOf(api.GET("/admin/stats")),
  });

/** The four platform numbers of the admin dashboard. */
export const useAdminStats = () => useQuery(adminStatsQuery());
