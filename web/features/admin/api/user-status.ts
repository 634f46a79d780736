import type { ActiveStatusInput } from "../../../../schema/validation/admin";
import { answerOf, api } from "../../../lib/api-client";
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
