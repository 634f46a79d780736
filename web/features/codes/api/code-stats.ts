import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CompanyStats } from "../../../../schema/responses";
import { apiRequest } from "../../../lib/api-client";

export const codeStatsKey = ["/api/analytics/stats"] as const;

/** The company's code numbers: total, created this month, and verifications. */
export const codeStatsQuery = () =>
  queryOptions({ queryKey: codeStatsKey, queryFn: () => apiRequest<CompanyStats>("/api/analytics/stats") });

export const useCodeStats = () => useQuery(codeStatsQuery());
