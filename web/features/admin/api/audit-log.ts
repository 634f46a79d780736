import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

interface AuditLogParams {
  page: number;
  pageSize: number;
}

const auditLogQuery = (params: AuditLogParams) =>
  queryOptions({
    queryKey: ["/api/admin/audit-log", params],
    queryFn: () => answerOf(api.GET("/admin/audit-log", { params: { query: params } })),
    placeholderData: keepPreviousData,
  });

/** Admin changes, newest first. */
export const useAuditLog = (params: AuditLogParams) => useQuery(auditLogQuery(params));
