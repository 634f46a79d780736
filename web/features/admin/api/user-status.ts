import type { ActiveStatusInput } from "#schema/validation/admin.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useAdminMutation } from "./admin-mutation";

type UserStatusChange = ActiveStatusInput & { userId: number };

/** PATCH /api/admin/users/{id}/status; deactivating ends the user's sessions at once. */
export const useSetUserStatus = () =>
  useAdminMutation({
    mutationFn: ({ userId, isActive }: UserStatusChange) =>
      answerOf(
        api.PATCH("/admin/users/{id}/status", {
          params: { path: { id: String(userId) } },
          body: { isActive } satisfies ActiveStatusInput,
        }),
      ),
    successTitle: "User status updated successfully",
    failureTitle: "Failed to update user status",
  });
