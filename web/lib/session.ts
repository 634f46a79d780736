import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Json, PublicUser } from "../../schema/responses";
import { apiRequest, tokenStore } from "./api-client";

/** The signed-in user is cached under this key; every screen reads it through useSession. */
export const currentUserKey = ["/api/auth/user"] as const;

/**
 * No token means signed out, with no request. Any failure to read the user removes the token;
 * the user is never treated as cached (stale time zero) and never retried.
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: async (): Promise<Json<PublicUser> | null> => {
      try {
        return await apiRequest<Json<PublicUser>>("/api/auth/user");
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
