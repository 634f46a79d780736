import type { UserStatusChanged } from "../../../../schema/responses";
import type { ActiveStatusInput } from "../../../../schema/validation/admin";
import { apiRequest } from "../../../lib/api-client";
import { useAdminMutation } from "./admin-mutation";

export type UserStatusChange = ActiveStatusInput & { userId: number };

/** PATCH /api/admin/users/{id}/status; deactivating ends the user's sessions at once. */
export const useSetUserStatus = () =>
  useAdminMutation({
    mutationFn: ({ userId, isActive }: UserStatusChange) =>
      apiRequest<UserStatusChanged>(`/api/admin/users/${userId}/status`, {
        method: "PATCH",
        body: { isActive } satisfies ActiveStatusInput,
      }),
    successTitle: "User status updated successfully",
    failureTitle: "Failed to update user status",
  });
