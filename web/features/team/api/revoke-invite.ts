import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { invalidateTeam } from "./list-team";

/** DELETE /api/team/invites/:id (owner only): the link stops working at once. */
export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/team/invites/${id}`, { method: "DELETE" }),
    onSuccess: () => invalidateTeam(queryClient),
  });
}
