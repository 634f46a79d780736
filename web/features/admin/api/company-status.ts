import type { CompanyStatusChanged } from "../../../../schema/responses";
import type { ActiveStatusInput } from "../../../../schema/validation/admin";
import { apiRequest } from "../../../lib/api-client";
import { useAdminMutation } from "./admin-mutation";

export type CompanyStatusChange = ActiveStatusInput & { companyId: number };

/** PATCH /api/admin/companies/{id}/status: the Manage action. */
export const useSetCompanyStatus = () =>
  useAdminMutation({
    mutationFn: ({ companyId, isActive }: CompanyStatusChange) =>
      apiRequest<CompanyStatusChanged>(`/api/admin/companies/${companyId}/status`, {
        method: "PATCH",
        body: { isActive } satisfies ActiveStatusInput,
      }),
    successTitle: "Company status updated successfully",
    failureTitle: "Failed to update company status",
  });
