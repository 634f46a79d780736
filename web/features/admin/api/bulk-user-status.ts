import type { BulkUserStatusInput } from "#schema/validation/admin.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation";

/** PATCH /api/admin/users/bulk-status; the toast is the server's count ("3 users deactivated"). */
export const useBulkSetUserStatus = () =>
  useAdminMutation({
    mutationFn: (input: BulkUserStatusInput) => answerOf(api.PATCH("/admin/users/bulk-status", { body: input })),
    successTitle: (result) => result.message,
    failureTitle: "Failed to bulk update user status",
  });
