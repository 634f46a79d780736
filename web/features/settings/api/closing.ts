import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AccountDeletionInput, OrganisationClosureInput } from "#schema/validation/privacy.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { currentUserKey } from "#web/lib/session.ts";

/**
 * Deleting one's account and closing the organisation, each with a grace the banner on every
 * screen shows: every change re-reads the signed-in user, which carries the dates.
 */
function useSessionChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

/** POST /api/profile/deletion: the account is erased after the grace, unless undone. */
export const useScheduleAccountDeletion = () =>
  useSessionChange((input: AccountDeletionInput) => answerOf(api.POST("/profile/deletion", { body: input })));

/** DELETE /api/profile/deletion. */
export const useUndoAccountDeletion = () => useSessionChange(() => answerOf(api.DELETE("/profile/deletion")));

/** POST /api/companies/current/closure: the organisation closes after the grace, unless its owner undoes it. */
export const useScheduleClosure = () =>
  useSessionChange((input: OrganisationClosureInput) =>
    answerOf(api.POST("/companies/current/closure", { body: input })),
  );

/** DELETE /api/companies/current/closure. */
export const useUndoClosure = () => useSessionChange(() => answerOf(api.DELETE("/companies/current/closure")));
