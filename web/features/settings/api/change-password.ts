import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordInput } from "../../../../schema/validation/profile";
import { answerOf, api } from "../../../lib/api-client";

/** POST /api/profile/password: needs the current password; every other session of this user ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => answerOf(api.POST("/profile/password", { body: input })),
  });
}
