import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminUser, Json, Page } from "../../../../schema/responses";
import { apiRequest } from "../../../lib/api-client";
import { pathWithQuery } from "../../../lib/path-with-query";
import { adminListQueryParams, type AdminListParams } from "./admin-list-params";

const USERS_PATH = "/api/admin/users";

export const adminUsersQuery = (params: AdminListParams) =>
  queryOptions({
    queryKey: [USERS_PATH, params],
    queryFn: () => apiRequest<Json<Page<AdminUser>>>(pathWithQuery(USERS_PATH, adminListQueryParams(params))),
    placeholderData: keepPreviousData,
  });

/** One page of users (newest first) with their company, searchable by name or email. */
export const useAdminUsers = (params: AdminListParams) => useQuery(adminUsersQuery(params));
