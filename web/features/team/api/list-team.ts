import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { Json, Team } from "../../../../schema/responses";
import { apiRequest } from "../../../lib/api-client";

export const teamKey = ["/api/team"] as const;

/** The company's members and its pending, unexpired invites (owner only). */
export const teamQuery = () => queryOptions({ queryKey: teamKey, queryFn: () => apiRequest<Json<Team>>("/api/team") });

export const useTeam = () => useQuery(teamQuery());

export const invalidateTeam = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: teamKey });
