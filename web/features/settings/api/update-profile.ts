import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PublicUser } from "#schema/responses/index.ts";
import type { ProfileInput, ScanAlertOptInInput } from "#schema/validation/profile.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { currentUserKey } from "#web/lib/session.ts";

/** A PUT under /api/profile answered with the updated user, which replaces the session's copy at once. */
function useUserUpdate<Input>(update: (input: Input) => Promise<PublicUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: update,
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}

/** PUT /api/profile: the signed-in user's own names, so the shell's name changes at once. */
export const useUpdateProfile = () =>
  useUserUpdate((input: ProfileInput) => answerOf(api.PUT("/profile", { body: input })));

/** PUT /api/profile/scan-alerts: a member's choice to get the company's scan alert emails. */
export const useSetScanAlertOptIn = () =>
  useUserUpdate((input: ScanAlertOptInInput) => answerOf(api.PUT("/profile/scan-alerts", { body: input })));
