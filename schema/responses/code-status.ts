import type { CodeStatusName } from "../limits";
import type { CodeStatusAction } from "../validation/code-status";

/** Who changed a code's status; null where that account no longer exists. */
export interface StatusActor {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** The code that replaces a revoked one, with its public verification address. */
export interface SuccessorCode {
  id: number;
  publicToken: string;
  propertyAddress: string;
  address: string;
}

/** A code's state: the answer of POST /api/qr-codes/:id/revoke and POST /api/qr-codes/:id/reinstate. */
export interface CodeStatus {
  id: number;
  status: CodeStatusName;
  revokedAt: Date | null;
  revokedReason: string | null;
  revokedBy: StatusActor | null;
  supersededBy: SuccessorCode | null;
}

/** One revocation or reinstatement, with who did it, when and why. */
export interface CodeStatusEvent {
  id: number;
  action: CodeStatusAction;
  reason: string | null;
  at: Date;
  actor: StatusActor | null;
}

/** GET /api/qr-codes/:id/status-history: the state and every change, newest first. */
export interface CodeStatusHistory extends CodeStatus {
  events: CodeStatusEvent[];
}
