import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminCompany, Json, Page } from "../../../../schema/responses";
import { apiRequest } from "../../../lib/api-client";
import { pathWithQuery } from "../../../lib/path-with-query";
import { adminListQueryParams, type AdminListParams } from "./admin-list-params";

const COMPANIES_PATH = "/api/admin/companies-detailed";

export const adminCompaniesQuery = (params: AdminListParams) =>
  queryOptions({
    queryKey: [COMPANIES_PATH, params],
    queryFn: () => apiRequest<Json<Page<AdminCompany>>>(pathWithQuery(COMPANIES_PATH, adminListQueryParams(params))),
    // Paging and searching keep the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

/** One page of companies with owner email, code and valuer counts, searchable by name or email. */
export const useAdminCompanies = (params: AdminListParams) => useQuery(adminCompaniesQuery(params));
