import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordInput } from "#schema/validation/profile.ts";
import { answerOf, api } from "#web/lib/api-client.ts";

/** POST /api/profile/password: needs the current password; every other session of this user ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => answerOf(api.POST("/profile/password", { body: input })),
  });
}
