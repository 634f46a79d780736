import type { MessageResponse } from "../../../../schema/responses";
import { apiRequest } from "../../../lib/api-client";
import { useAdminMutation } from "./admin-mutation";

/** DELETE /api/admin/users/{id}: the user and the companies they own, with their valuers and codes. */
export const useDeleteUser = () =>
  useAdminMutation({
    mutationFn: (userId: number) => apiRequest<MessageResponse>(`/api/admin/users/${userId}`, { method: "DELETE" }),
    successTitle: "User deleted successfully",
    failureTitle: "Failed to delete user",
  });
