import { answerOf, api } from "#web/lib/api-client.ts";
import { useTeamChange } from "./list-team";

/** DELETE /api/team/invites/:id: the link stops working at once. */
export const useRevokeInvite = () =>
  useTeamChange((id: number) => answerOf(api.DELETE("/team/invites/{id}", { params: { path: { id: String(id) } } })));
