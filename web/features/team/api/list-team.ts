import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { answerOf, api } from "#web/lib/api-client.ts";

const teamKey = ["/api/team"] as const;

/** The company's members and its pending, unexpired invites (owner only). */
const teamQuery = () => queryOptions({ queryKey: teamKey, queryFn: () => answerOf(api.GET("/team")) });

export const useTeam = () => useQuery(teamQuery());

/** A change to the team (owner only); the members and invites are read again afterwards. */
export function useTeamChange<Variables, Answer = unknown>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey }) });
}
