import type { UsersDeleted } from "../../../../schema/responses";
import type { BulkUserDeleteInput } from "../../../../schema/validation/admin";
import { apiRequest } from "../../../lib/api-client";
import { useAdminMutation } from "./admin-mutation";

/** DELETE /api/admin/users/bulk-delete: all of them or none; the toast is the server's count. */
export const useBulkDeleteUsers = () =>
  useAdminMutation({
    mutationFn: (input: BulkUserDeleteInput) =>
      apiRequest<UsersDeleted>("/api/admin/users/bulk-delete", { method: "DELETE", body: input }),
    successTitle: (result) => result.message,
    failureTitle: "Failed to bulk delete users",
  });
