import { answerOf, api } from "#web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation";

/** DELETE /api/admin/users/{id}: the user and the companies they own, with their valuers and codes. */
export const useDeleteUser = () =>
  useAdminMutation({
    mutationFn: (userId: number) =>
      answerOf(api.DELETE("/admin/users/{id}", { params: { path: { id: String(userId) } } })),
    successTitle: "User deleted successfully",
    failureTitle: "Failed to delete user",
  });
