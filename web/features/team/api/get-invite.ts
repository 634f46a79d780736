import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InviteDetails, Json } from "../../../../schema/responses";
import { apiRequest } from "../../../lib/api-client";

const invitePath = (token: string) => `/api/invites/${encodeURIComponent(token)}`;

/** What the invitee sees before joining (public). */
export const inviteQuery = (token: string) =>
  queryOptions({ queryKey: [invitePath(token)], queryFn: () => apiRequest<Json<InviteDetails>>(invitePath(token)) });

export const useInvite = (token: string) => useQuery(inviteQuery(token));

/** POST /api/invites/:token/accept answers like sign-in; see ./accept-invite.ts. */
export const acceptInvitePath = (token: string) => `${invitePath(token)}/accept`;
