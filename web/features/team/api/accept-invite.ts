import type { AcceptInviteInput } from "../../../../schema/validation/team";
import { useSignedInMutation } from "../../../lib/session-changes";
import { acceptInvitePath } from "./get-invite";

/** POST /api/invites/:token/accept: creates the member and signs them in, exactly like registration. */
export const useAcceptInvite = (token: string) => useSignedInMutation<AcceptInviteInput>(acceptInvitePath(token));
