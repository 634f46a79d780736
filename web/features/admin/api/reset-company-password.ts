import type { ResetPasswordInput } from "#schema/validation/admin.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation";

/** PATCH /api/admin/companies/{id}/reset-password: sets the owner's password and ends their sessions. */
export const useResetCompanyPassword = () =>
  useAdminMutation({
    mutationFn: ({ companyId, password }: ResetPasswordInput & { companyId: number }) =>
      answerOf(
        api.PATCH("/admin/companies/{id}/reset-password", {
          params: { path: { id: String(companyId) } },
          body: { password } satisfies ResetPasswordInput,
        }),
      ),
    successTitle: "Password reset successfully",
    failureTitle: "Failed to reset password",
  });
