import { apiRequest } from "../../../lib/api-client";
import { useAdminMutation } from "./admin-mutation";

export interface UserStatusChange {
  userId: number;
  isActive: boolean;
}

/** PATCH /api/admin/users/{id}/status; deactivating ends the user's sessions at once. */
export const useSetUserStatus = () =>
  useAdminMutation({
    mutationFn: ({ userId, isActive }: UserStatusChange) =>
      apiRequest(`/api/admin/users/${userId}/status`, { method: "PATCH", body: { isActive } }),
    successTitle: "User status updated successfully",
    failureTitle: "Failed to update user status",
  });
