import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { VerificationStatus } from "../../../../schema/limits";
import type { AdminCompany, Json, Page } from "../../../../schema/responses";
import { apiRequest } from "../../../lib/api-client";
import { pathWithQuery } from "../../../lib/path-with-query";
import { adminListQueryParams, type AdminListParams } from "./admin-list-params";

const COMPANIES_PATH = "/api/admin/companies-detailed";

/** The companies list can also be narrowed to one verification state (the review queue is "pending"). */
export interface AdminCompanyListParams extends AdminListParams {
  verification: VerificationStatus | null;
}

export const adminCompaniesQuery = ({ verification, ...params }: AdminCompanyListParams) =>
  queryOptions({
    queryKey: [COMPANIES_PATH, { ...params, verification }],
    queryFn: () =>
      apiRequest<Json<Page<AdminCompany>>>(
        pathWithQuery(COMPANIES_PATH, { ...adminListQueryParams(params), verification }),
      ),
    // Paging and searching keep the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

/** One page of companies with owner email, code and valuer counts, searchable by name or email. */
export const useAdminCompanies = (params: AdminCompanyListParams) => useQuery(adminCompaniesQuery(params));
