import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** What the invitee sees before joining (GET /api/invites/:token, public). */
export interface InviteDetails {
  companyName: string;
  email: string;
  expiresAt: string;
}

const invitePath = (token: string) => `/api/invites/${encodeURIComponent(token)}`;

export const inviteQuery = (token: string) =>
  queryOptions({ queryKey: [invitePath(token)], queryFn: () => apiRequest<InviteDetails>(invitePath(token)) });

export const useInvite = (token: string) => useQuery(inviteQuery(token));

/** POST /api/invites/:token/accept answers like sign-in; see ./accept-invite.ts. */
export const acceptInvitePath = (token: string) => `${invitePath(token)}/accept`;
