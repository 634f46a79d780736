import { answerOf, api } from "#web/lib/api-client.ts";
import { useTeamChange } from "./list-team";

/** DELETE /api/team/members/:id: the member leaves the company and every session of theirs ends. */
export const useRemoveMember = () =>
  useTeamChange((id: number) => answerOf(api.DELETE("/team/members/{id}", { params: { path: { id: String(id) } } })));
