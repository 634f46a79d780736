import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api, pageOf } from "#web/lib/api-client.ts";
import { adminListQueryParams, type AdminListParams } from "./admin-list-params";

const adminUsersQuery = (params: AdminListParams) =>
  queryOptions({
    queryKey: ["/api/admin/users", params],
    queryFn: async () =>
      pageOf(await answerOf(api.GET("/admin/users", { params: { query: adminListQueryParams(params) } }))),
    placeholderData: keepPreviousData,
  });

/** One page of users (newest first) with their company, searchable by name or email. */
export const useAdminUsers = (params: AdminListParams) => useQuery(adminUsersQuery(params));
