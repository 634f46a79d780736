import type { AcceptInviteInput } from "../../../../schema/validation/team";
import { answerOf, api } from "../../../lib/api-client";
import { useSignedInMutation } from "../../../lib/session-changes";

/** POST /api/invites/:token/accept: creates the member and signs them in, exactly like registration. */
export const useAcceptInvite = (token: string) =>
  useSignedInMutation((input: AcceptInviteInput) =>
    answerOf(api.POST("/invites/{token}/accept", { params: { path: { token } }, body: input })),
  );
