import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, tokenStore } from "../../../lib/api-client";
import type { SessionUser } from "../types";

export const currentUserKey = ["/api/auth/user"] as const;

/**
 * SPEC 4: no token → signed out with no request; any failure removes the token; the user is
 * never treated as cached (stale time zero) and never retried.
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: async (): Promise<SessionUser | null> => {
      try {
        return await apiRequest<SessionUser>("/api/auth/user");
      } catch {
        tokenStore.clear();
        return null;
      }
    },
    staleTime: 0,
    retry: false,
  });

export function useSession() {
  const hasToken = Boolean(tokenStore.get());
  const query = useQuery({ ...currentUserQuery(), enabled: hasToken });
  const user = hasToken ? (query.data ?? null) : null;
  return {
    user,
    isLoading: hasToken && query.isPending,
    isAdmin: user?.role === "admin",
    isOwner: Boolean(user?.company && user.company.ownerId === user.id),
  };
}
