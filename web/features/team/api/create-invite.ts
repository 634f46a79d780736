import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreatedInvite, Json } from "../../../../schema/responses";
import type { InviteInput } from "../../../../schema/validation/team";
import { apiRequest } from "../../../lib/api-client";
import { invalidateTeam } from "./list-team";

/**
 * POST /api/team/invites (owner only). A new invite for the same email replaces the pending one.
 * The one-time link is only ever in this answer: the server keeps its hash, not the link.
 */
export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) =>
      apiRequest<Json<CreatedInvite>>("/api/team/invites", { method: "POST", body: input }),
    onSuccess: () => invalidateTeam(queryClient),
  });
}
