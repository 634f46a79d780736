import { useMutation } from "@tanstack/react-query";
import type { MessageResponse } from "../../../../schema/responses";
import type { ChangePasswordInput } from "../../../../schema/validation/profile";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/profile/password: needs the current password; every other session of this user ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest<MessageResponse>("/api/profile/password", { method: "POST", body: input }),
  });
}
