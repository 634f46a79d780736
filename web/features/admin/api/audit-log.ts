import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AuditLogEntry, Json, Page } from "../../../../schema/responses";
import { apiRequest } from "../../../lib/api-client";
import { pathWithQuery } from "../../../lib/path-with-query";

const AUDIT_LOG_PATH = "/api/admin/audit-log";

export interface AuditLogParams {
  page: number;
  pageSize: number;
}

export const auditLogQuery = (params: AuditLogParams) =>
  queryOptions({
    queryKey: [AUDIT_LOG_PATH, params],
    queryFn: () => apiRequest<Json<Page<AuditLogEntry>>>(pathWithQuery(AUDIT_LOG_PATH, { ...params })),
    placeholderData: keepPreviousData,
  });

/** Admin changes, newest first. */
export const useAuditLog = (params: AuditLogParams) => useQuery(auditLogQuery(params));
