import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export interface TeamMember {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isActive: boolean;
  isOwner: boolean;
  createdAt: string;
}

export interface PendingInvite {
  id: number;
  email: string;
  expiresAt: string;
  createdAt: string;
}

/** GET /api/team (owner only): the company's members and its pending, unexpired invites. */
export interface Team {
  members: TeamMember[];
  invites: PendingInvite[];
}

export const teamKey = ["/api/team"] as const;

export const teamQuery = () => queryOptions({ queryKey: teamKey, queryFn: () => apiRequest<Team>("/api/team") });

export const useTeam = () => useQuery(teamQuery());

export const invalidateTeam = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: teamKey });
