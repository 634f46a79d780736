import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Json, PublicUser } from "../../../../schema/responses";
import type { ProfileInput } from "../../../../schema/validation/profile";
import { apiRequest } from "../../../lib/api-client";
import { currentUserKey } from "../../../lib/session";

/** PUT /api/profile: the signed-in user's own names. The answer is the updated user, so the shell's name changes at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => apiRequest<Json<PublicUser>>("/api/profile", { method: "PUT", body: input }),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
