import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Json, PublicUser } from "../../../../schema/responses";
import type { ProfileInput, ScanAlertOptInInput } from "../../../../schema/validation/profile";
import { apiRequest } from "../../../lib/api-client";
import { currentUserKey } from "../../../lib/session";

/** A PUT under /api/profile answered with the updated user, which replaces the session's copy at once. */
function useUserUpdate<Input>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => apiRequest<Json<PublicUser>>(path, { method: "PUT", body: input }),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}

/** PUT /api/profile: the signed-in user's own names, so the shell's name changes at once. */
export const useUpdateProfile = () => useUserUpdate<ProfileInput>("/api/profile");

/** PUT /api/profile/scan-alerts: a member's choice to get the company's scan alert emails. */
export const useSetScanAlertOptIn = () => useUserUpdate<ScanAlertOptInInput>("/api/profile/scan-alerts");
