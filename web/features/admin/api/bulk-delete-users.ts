import type { BulkUserDeleteInput } from "#schema/validation/admin.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation";

/** DELETE /api/admin/users/bulk-delete: all of them or none; the toast is the server's count. */
export const useBulkDeleteUsers = () =>
  useAdminMutation({
    mutationFn: (input: BulkUserDeleteInput) => answerOf(api.DELETE("/admin/users/bulk-delete", { body: input })),
    successTitle: (result) => result.message,
    failureTitle: "Failed to bulk delete users",
  });
