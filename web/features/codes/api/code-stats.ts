import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

export const codeStatsKey = ["/api/analytics/stats"] as const;

/** The company's code numbers: total, created this month, verifications, and whether a report was sealed. */
const codeStatsQuery = () =>
  queryOptions({ queryKey: codeStatsKey, queryFn: () => answerOf(api.GET("/analytics/stats")) });

/**
 * Read again each time a screen showing them opens: scans arrive from outside the app, and a seal
 * made on another page ticks the dashboard's setup checklist.
 */
export const useCodeStats = () => useQuery({ ...codeStatsQuery(), refetchOnMount: "always" });
