import type { AcceptInviteInput } from "#schema/validation/team.ts";
import { answerOf, api } from "#web/lib/api-client.ts";
import { useSignedInMutation } from "#web/lib/session-changes.ts";

/** POST /api/invites/:token/accept: creates the member and signs them in, exactly like registration. */
export const useAcceptInvite = (token: string) =>
  useSignedInMutation((input: AcceptInviteInput) =>
    answerOf(api.POST("/invites/{token}/accept", { params: { path: { token } }, body: input })),
  );
