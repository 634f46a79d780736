import { apiRequest } from "../../../lib/api-client";
import { useAdminMutation } from "./admin-mutation";

export interface CompanyStatusChange {
  companyId: number;
  isActive: boolean;
}

/** PATCH /api/admin/companies/{id}/status: the Manage action. */
export const useSetCompanyStatus = () =>
  useAdminMutation({
    mutationFn: ({ companyId, isActive }: CompanyStatusChange) =>
      apiRequest(`/api/admin/companies/${companyId}/status`, { method: "PATCH", body: { isActive } }),
    successTitle: "Company status updated successfully",
    failureTitle: "Failed to update company status",
  });
