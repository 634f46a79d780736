import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InviteInput } from "../../../../schema/validation/team";
import { apiRequest } from "../../../lib/api-client";
import { invalidateTeam } from "./list-team";

/** The one-time link is only ever shown in this answer: the server keeps its hash, not the link. */
export interface CreatedInvite {
  id: number;
  email: string;
  expiresAt: string;
  inviteUrl: string;
}

/** POST /api/team/invites (owner only). A new invite for the same email replaces the pending one. */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => apiRequest<CreatedInvite>("/api/team/invites", { method: "POST", body: input }),
    onSuccess: () => invalidateTeam(queryClient),
  });
}
