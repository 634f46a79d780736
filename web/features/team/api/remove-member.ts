import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { invalidateTeam } from "./list-team";

/** DELETE /api/team/members/:id (owner only): the member leaves the company and every session of theirs ends. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/team/members/${id}`, { method: "DELETE" }),
    onSuccess: () => invalidateTeam(queryClient),
  });
}
