import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { IssuerReviewState } from "#schema/limits/companies.ts";
import { answerOf, api, pageOf } from "#web/lib/api-client.ts";
import { adminListQueryParams, type AdminListParams } from "./admin-list-params";

/** The companies list can also be narrowed to one verification state (the review queue is "pending"). */
interface AdminCompanyListParams extends AdminListParams {
  verification: IssuerReviewState | null;
}

const adminCompaniesQuery = ({ verification, ...params }: AdminCompanyListParams) =>
  queryOptions({
    queryKey: ["/api/admin/companies-detailed", { ...params, verification }],
    queryFn: async () =>
      pageOf(
        await answerOf(
          api.GET("/admin/companies-detailed", {
            params: { query: { ...adminListQueryParams(params), verification: verification ?? undefined } },
          }),
        ),
      ),
    // Paging and searching keep the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

/** One page of companies with owner email, code and valuer counts, searchable by name or email. */
export const useAdminCompanies = (params: AdminCompanyListParams) => useQuery(adminCompaniesQuery(params));
