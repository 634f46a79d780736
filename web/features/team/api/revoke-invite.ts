import { apiRequest } from "../../../lib/api-client";
import { useTeamChange } from "./list-team";

/** DELETE /api/team/invites/:id: the link stops working at once. */
export const useRevokeInvite = () =>
  useTeamChange((id: number) => apiRequest(`/api/team/invites/${id}`, { method: "DELETE" }));
