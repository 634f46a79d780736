import type { ActiveStatusInput } from "#schema/validation/admin.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation";

type CompanyStatusChange = ActiveStatusInput & { companyId: number };

/** PATCH /api/admin/companies/{id}/status: the Manage action. */
export const useSetCompanyStatus = () =>
  useAdminMutation({
    mutationFn: ({ companyId, isActive }: CompanyStatusChange) =>
      answerOf(
        api.PATCH("/admin/companies/{id}/status", {
          params: { path: { id: String(companyId) } },
          body: { isActive } satisfies ActiveStatusInput,
        }),
      ),
    successTitle: "Company status updated successfully",
    failureTitle: "Failed to update company status",
  });
