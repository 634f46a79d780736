import { z } from "zod";
import { LIMITS, MAX_ROW_ID } from "../limits";
import { requiredText } from "./common";

const reasonField = requiredText(LIMITS.revocationReason, "Reason is required");

/** POST /api/qr-codes/:id/revoke */
export const revokeCodeSchema = z.object({
  reason: reasonField,
  /** Another code of the same company that replaces this one (shown on the revoked certificate). */
  supersededByCodeId: z
    .number({ error: "Choose a code" })
    .int("Choose a code")
    .positive("Choose a code")
    .max(MAX_ROW_ID, "Choose a code")
    .optional(),
});
export type RevokeCodeInput = z.input<typeof revokeCodeSchema>;
export type RevokeCode = z.output<typeof revokeCodeSchema>;

/** POST /api/qr-codes/:id/reinstate: a separate, logged action, so revocation is never silently undone. */
export const reinstateCodeSchema = z.object({ reason: reasonField });
export type ReinstateCodeInput = z.input<typeof reinstateCodeSchema>;

/** code_status_events.action values. */
export const CODE_STATUS_ACTIONS = ["revoked", "reinstated"] as const;
export type CodeStatusAction = (typeof CODE_STATUS_ACTIONS)[number];
