import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChangeEmailInput } from "#schema/validation/profile.ts";
import { answerOf, api } from "#web/lib/api-client.ts";

const profileEmailKey = ["/api/profile/email"] as const;

/** The sign-in email, whether it is confirmed, and a change still waiting for the new address to confirm it. */
const profileEmailQuery = () =>
  queryOptions({ queryKey: profileEmailKey, queryFn: () => answerOf(api.GET("/profile/email")) });

export const useProfileEmail = () => useQuery(profileEmailQuery());

/**
 * PUT /api/profile/email (202): the new address is sent a link, and the email changes only when it
 * is followed; the pending change is read again so the page shows it.
 */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => answerOf(api.PUT("/profile/email", { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileEmailKey }),
  });
}
