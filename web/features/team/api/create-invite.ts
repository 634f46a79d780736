import type { InviteInput } from "#schema/validation/team.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useTeamChange } from "./list-team";

/**
 * POST /api/team/invites. A new invite for the same email replaces the pending one. The one-time
 * link is emailed to the invited address and never shown to the owner.
 */
export const useCreateInvite = () =>
  useTeamChange((input: InviteInput) => answerOf(api.POST("/team/invites", { body: input })));

/** POST /api/team/invites/:id/resend: a new link is emailed and the previous one stops working. */
export const useResendInvite = () =>
  useTeamChange((id: number) =>
    answerOf(api.POST("/team/invites/{id}/resend", { params: { path: { id: String(id) } } })),
  );
