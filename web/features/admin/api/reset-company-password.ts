import type { MessageResponse } from "../../../../schema/responses";
import type { ResetPasswordInput } from "../../../../schema/validation/admin";
import { apiRequest } from "../../../lib/api-client";
import { useAdminMutation } from "./admin-mutation";

/** PATCH /api/admin/companies/{id}/reset-password: sets the owner's password and ends their sessions. */
export const useResetCompanyPassword = () =>
  useAdminMutation({
    mutationFn: ({ companyId, password }: ResetPasswordInput & { companyId: number }) =>
      apiRequest<MessageResponse>(`/api/admin/companies/${companyId}/reset-password`, {
        method: "PATCH",
        body: { password } satisfies ResetPasswordInput,
      }),
    successTitle: "Password reset successfully",
    failureTitle: "Failed to reset password",
  });
