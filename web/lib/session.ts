import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicUser } from "#schema/responses/index.ts";
import { answerOf, api, isUnauthorizedError } from "./api-client";
import { tokenStore } from "./device-storage";

/** Tries of a failed read of the user (not a 401) before the screens show it failed: about 15 s. */
const TRANSIENT_RETRIES = 4;

/** The signed-in user is cached under this key; every screen reads it through useSession. */
export const currentUserKey = ["/api/auth/user"] as const;

/**
 * No token means signed out, with no request. Only the server's 401 (a token it no longer
 * accepts) removes the token; any other failure (no connection, a busy server) is tried again
 * and never signs the user out, since a network blip on a phone must not end a session. The user
 * is never treated as cached (stale time zero): it is asked again when the window regains focus or
 * the connection returns, and every change to it refreshes it (a screen that mounts after a change
 * made where nothing showed it, such as the email confirmation page, asks again). It is asked once
 * per load, not again by each screen that mounts later and reads it: on a slow network the second
 * request stood in line with the screen's own (issue 51).
 */
const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: async (): Promise<PublicUser | null> => {
      try {
        // The page's guard may have asked already: the API client takes its answer once
        // (web/lib/early-reads.ts).
        return await answerOf(api.GET("/auth/user"));
      } catch (error) {
        if (!isUnauthorizedError(error)) throw error;
        tokenStore.clear();
        return null;
      }
    },
    staleTime: 0,
    refetchOnMount: (query) => query.state.isInvalidated,
    retry: TRANSIENT_RETRIES,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
  });

/** Asks for the signed-in user now, when a token is kept: the entry starts it beside the screens' script. */
export function prefetchSession(queryClient: QueryClient) {
  if (tokenStore.get()) void queryClient.prefetchQuery(currentUserQuery());
}

export function useSession() {
  const hasToken = Boolean(tokenStore.get());
  const query = useQuery({ ...currentUserQuery(), enabled: hasToken });
  const user = hasToken ? (query.data ?? null) : null;
  return {
    user,
    isLoading: hasToken && query.isPending,
    isAdmin: user?.role === "admin",
    /** A member of a lender (a bank, a SACCO): its own workspace, no codes to issue. */
    isLender: user?.company?.kind === "lender",
    isOwner: Boolean(user?.company && user.company.ownerId === user.id),
  };
}
