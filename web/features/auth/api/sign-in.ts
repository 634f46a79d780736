import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoginInput, RegisterInput } from "../../../../schema/validation/auth";
import { apiRequest, tokenStore } from "../../../lib/api-client";
import type { SignedIn } from "../types";
import { currentUserKey } from "./current-user";

/**
 * Sign-in, registration and accepting a team invite all answer { token, user }: store the token,
 * seed the session, and drop any data cached for whoever was signed in before.
 */
export function useSignedInMutation<Input>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => apiRequest<SignedIn>(path, { method: "POST", body: input }),
    onSuccess: ({ token, user }) => {
      tokenStore.set(token);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
      queryClient.setQueryData(currentUserKey, user);
    },
  });
}

export const useLogin = () => useSignedInMutation<LoginInput>("/api/login");
export const useRegister = () => useSignedInMutation<RegisterInput>("/api/register");

export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    // Ending the server session matters more than its answer: sign out locally either way.
    await apiRequest("/api/logout", { method: "POST" }).catch(() => undefined);
    tokenStore.clear();
    // Setting the user to null re-renders every session observer; the rest of the cache is another user's data.
    queryClient.setQueryData(currentUserKey, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
  };
}
