import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "../../../lib/api-client";

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
