import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { SignedIn } from "#schema/responses/index.ts";
import { answerOf, api } from "./api-client";
import { tokenStore } from "./device-storage";
import { currentUserKey } from "./session";

// Kept apart from ./session: the landing page reads the session on first load, while signing in
// and out (and the mutation code they need) load with the dialogs and the signed-in frame.

/** Every query except the session's own: another user's data once the signed-in user changes. */
const isOtherThanSession = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== currentUserKey[0];

/**
 * Starts using a new session: store the token, seed the session, and drop any data cached for
 * whoever was signed in before.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    ({ token, user }: SignedIn) => {
      tokenStore.set(token);
      queryClient.removeQueries({ predicate: isOtherThanSession });
      queryClient.setQueryData(currentUserKey, user);
    },
    [queryClient],
  );
}

/** Accepting a team invite and a second-factor code both answer { token, user }. */
export function useSignedInMutation<Input>(signIn: (input: Input) => Promise<SignedIn>) {
  const startSession = useStartSession();
  return useMutation({ mutationFn: signIn, onSuccess: startSession });
}

/**
 * Forgets the session on this browser only: the stored token, the signed-in user and every cached
 * answer. Used when the server has already ended the session (sign-out, a password reset).
 */
export function useForgetSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    tokenStore.clear();
    // Setting the user to null re-renders every session observer; the rest of the cache is another user's data.
    queryClient.setQueryData(currentUserKey, null);
    queryClient.removeQueries({ predicate: isOtherThanSession });
  }, [queryClient]);
}

export function useSignOut() {
  const forgetSession = useForgetSession();
  return async () => {
    // Ending the server session matters more than its answer: sign out locally either way.
    await answerOf(api.POST("/logout")).catch(() => undefined);
    forgetSession();
  };
}
