import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** The company's user stats (SPEC 3). */
export interface CodeStats {
  totalQRCodes: number;
  thisMonth: number;
  verifications: number;
}

export const codeStatsKey = ["/api/analytics/stats"] as const;

export const codeStatsQuery = () =>
  queryOptions({ queryKey: codeStatsKey, queryFn: () => apiRequest<CodeStats>("/api/analytics/stats") });

export const useCodeStats = () => useQuery(codeStatsQuery());
