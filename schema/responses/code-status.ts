import { z } from "zod";
import { CODE_STATUSES } from "../limits/codes";
import { CODE_STATUS_ACTIONS } from "../validation/code-status";
import { rowId, timestamp } from "./fields";

/** Who changed a code's status; null where that account no longer exists. */
const statusActorAnswer = z.strictObject({
  id: rowId,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type StatusActor = z.infer<typeof statusActorAnswer>;

/** The code that replaces a revoked one, with its public verification address. */
const successorCodeAnswer = z.strictObject({
  id: rowId,
  publicToken: z.string(),
  propertyAddress: z.string(),
  address: z.string(),
});

const codeStatusFields = {
  id: rowId,
  status: z.enum(CODE_STATUSES),
  revokedAt: timestamp.nullable(),
  revokedReason: z.string().nullable(),
  revokedBy: statusActorAnswer.nullable(),
  supersededBy: successorCodeAnswer.nullable(),
};

/** A code's state: the answer of POST /api/qr-codes/:id/revoke and POST /api/qr-codes/:id/reinstate. */
export const codeStatusAnswer = z.strictObject(codeStatusFields);
export type CodeStatus = z.infer<typeof codeStatusAnswer>;

/** One revocation or reinstatement, with who did it, when and why. */
const codeStatusEventAnswer = z.strictObject({
  id: rowId,
  action: z.enum(CODE_STATUS_ACTIONS),
  reason: z.string().nullable(),
  at: timestamp,
  actor: statusActorAnswer.nullable(),
});
export type CodeStatusEvent = z.infer<typeof codeStatusEventAnswer>;

/** GET /api/qr-codes/:id/status-history: the state and every change, newest first. */
export const codeStatusHistoryAnswer = z.strictObject({ ...codeStatusFields, events: z.array(codeStatusEventAnswer) });
export type CodeStatusHistory = z.infer<typeof codeStatusHistoryAnswer>;

/** POST /api/qr-codes/:id/confirmation-request: the owner's request that ValuSeal confirm a code issued before verification. */
export const codeConfirmationRequestedAnswer = z.strictObject({
  message: z.string(),
  requestedAt: timestamp.meta({ description: "When the owner first asked; asking again answers the first request" }),
});
