import { queryOptions, useQuery } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

/** What the invitee sees before joining (public). */
const inviteQuery = (token: string) =>
  queryOptions({
    queryKey: ["/api/invites/{token}", token],
    queryFn: () => answerOf(api.GET("/invites/{token}", { params: { path: { token } } })),
  });

export const useInvite = (token: string) => useQuery(inviteQuery(token));
