import type { CompanyVerificationInput } from "#schema/validation/admin.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation";

type CompanyVerificationDecision = CompanyVerificationInput & { companyId: number };

/**
 * PATCH /api/admin/companies/{id}/verification: verify the company, or refuse or withdraw its
 * verification, with an optional note its owner sees. The toast is the server's own message.
 */
export const useDecideCompanyVerification = () =>
  useAdminMutation({
    mutationFn: ({ companyId, ...decision }: CompanyVerificationDecision) =>
      answerOf(
        api.PATCH("/admin/companies/{id}/verification", {
          params: { path: { id: String(companyId) } },
          body: decision satisfies CompanyVerificationInput,
        }),
      ),
    successTitle: (result) => result.message,
    failureTitle: "Failed to update verification",
  });
