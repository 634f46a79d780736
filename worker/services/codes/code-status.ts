import type { RecordSigning } from "#worker/lib/signing.ts";
import { signCertificate } from "../records/signed-records";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { codeStatusEvents, qrCodes, users } from "#schema/tables.ts";
import type { CodeStatusAction, RevokeCode } from "#schema/validation/code-status.ts";
import type { Database, Transaction, TransactionalDatabase } from "#worker/db.ts";
import { ApiError, badRequest, forbidden, notFound } from "#worker/lib/errors.ts";
import { verificationAddress } from "#worker/lib/public-address.ts";
import { codeStatusColumn } from "#worker/lib/code-status.ts";
import { CODE_NOT_FOUND, findCompanyCode, selectCodes } from "./qr-codes";
import { noticeWatchers } from "../lenders/watch-notices";
import { webhookCode, type WebhookEventInput, type Outbox } from "../integration/webhooks";
import type { AuthenticatedUser } from "../accounts/sessions";

const successor = alias(qrCodes, "successor");
const revoker = alias(users, "revoker");

const actorColumns = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };

/** The code's current state as the detail screen shows it, with the replacing code's address. */
export async function loadCodeStatus(db: Database, origin: string, codeId: number) {
  const [row] = await db
    .select({
      id: qrCodes.id,
      status: codeStatusColumn(),
      revokedAt: qrCodes.revokedAt,
      revokedReason: qrCodes.revokedReason,
      revokedBy: { id: revoker.id, email: revoker.email, firstName: revoker.firstName, lastName: revoker.lastName },
      supersededBy: {
        id: successor.id,
        publicToken: successor.publicToken,
        propertyAddress: successor.propertyAddress,
      },
    })
    .from(qrCodes)
    .leftJoin(revoker, eq(revoker.id, qrCodes.revokedById))
    .leftJoin(successor, eq(successor.id, qrCodes.supersededById))
    .where(eq(qrCodes.id, codeId))
    .limit(1);
  if (!row) throw notFound(CODE_NOT_FOUND);
  const { supersededBy, revokedBy, ...status } = row;
  return {
    ...status,
    revokedBy: revokedBy?.id ? revokedBy : null,
    supersededBy: supersededBy?.id
      ? { ...supersededBy, address: verificationAddress(origin, supersededBy.publicToken) }
      : null,
  };
}

export function loadStatusEvents(db: Database, codeId: number) {
  return db
    .select({
      id: codeStatusEvents.id,
      action: sql<CodeStatusAction>`${codeStatusEvents.action}`,
      reason: codeStatusEvents.reason,
      at: codeStatusEvents.createdAt,
      actor: actorColumns,
    })
    .from(codeStatusEvents)
    .leftJoin(users, eq(users.id, codeStatusEvents.actorId))
    .where(eq(codeStatusEvents.qrCodeId, codeId))
    .orderBy(desc(codeStatusEvents.createdAt), desc(codeStatusEvents.id))
    .then((events) => events.map((event) => ({ ...event, actor: event.actor?.id ? event.actor : null })));
}

/** The owner may revoke any code of the company; a member only the codes they created. */
/** Who revokes: a signed-in user, or an API key acting as the owner who made it. */
type Revoker = Pick<AuthenticatedUser, "id"> & { company: { ownerId: number } | null };

function assertMayRevoke(user: Revoker, code: { userId: number | null }) {
  if (user.company?.ownerId === user.id || code.userId === user.id) return;
  throw forbidden("Only the company owner or the person who created this code can revoke it");
}

export const CHOOSE_ANOTHER_CODE = "Choose another code of your company";

/**
 * The replacing code must be another live code of the same company, or the link would mislead.
 * `field` is the name the caller gave it (the app's supersededByCodeId, the API's supersededBy).
 */
async function assertSuccessor(tx: Transaction, companyId: number, codeId: number, successorId: number, field: string) {
  const problem = (message: string) => badRequest("Validation failed", [`${field}: ${message}`]);
  if (successorId === codeId) throw problem("A code cannot replace itself");
  const [candidate] = await tx
    .select({ revokedAt: qrCodes.revokedAt })
    .from(qrCodes)
    .where(and(eq(qrCodes.id, successorId), eq(qrCodes.companyId, companyId)))
    .limit(1);
  if (!candidate) throw problem(CHOOSE_ANOTHER_CODE);
  if (candidate.revokedAt) throw problem("The replacing code is itself revoked");
}

/** The status change and its history row commit together, so no change goes unrecorded. */
async function recordStatusEvent(
  tx: Transaction,
  event: { codeId: number; action: CodeStatusAction; reason: string; actorId: number },
) {
  await tx.insert(codeStatusEvents).values({
    qrCodeId: event.codeId,
    action: event.action,
    reason: event.reason,
    actorId: event.actorId,
  });
}

/** code.revoked, or code.superseded naming the code that replaces it, as the code stands after the change. */
async function revokedEvent(
  tx: Transaction,
  codeId: number,
  successorId: number | null,
  reason: string,
): Promise<WebhookEventInput> {
  const codes = await selectCodes(tx).where(inArray(qrCodes.id, successorId ? [codeId, successorId] : [codeId]));
  const code = codes.find((row) => row.id === codeId)!;
  const successor = codes.find((row) => row.id === successorId);
  const data = { code: webhookCode(code), revokedAt: code.revokedAt?.toISOString() ?? null, reason };
  return successor
    ? {
        companyId: code.companyId,
        type: "code.superseded",
        codeId,
        data: { ...data, supersededBy: webhookCode(successor) },
      }
    : { companyId: code.companyId, type: "code.revoked", codeId, data };
}

/**
 * Revocation: the certificate says "Revoked" from the next scan on, and every lender watching the
 * code is told (by email once the change commits, and by its webhooks). The owner may revoke any code
 * of the company, a member only the codes they created; revoking is allowed even after the company
 * is deactivated, since withdrawing trust must always be possible.
 */
export async function revokeCode(
  db: TransactionalDatabase,
  signing: RecordSigning,
  outbox: Outbox,
  user: Revoker,
  companyId: number,
  rawCodeId: string,
  { reason, supersededByCodeId }: RevokeCode,
  successorField = "supersededByCodeId",
): Promise<number> {
  return db.transaction(async (tx) => {
    const code = await findCompanyCode(tx, companyId, rawCodeId, { lock: true });
    assertMayRevoke(user, code);
    if (code.revokedAt) throw new ApiError(409, "This code is already revoked");
    if (supersededByCodeId !== undefined) {
      await assertSuccessor(tx, companyId, code.id, supersededByCodeId, successorField);
    }
    await tx
      .update(qrCodes)
      .set({
        revokedAt: sql`now()`,
        revokedReason: reason,
        revokedById: user.id,
        supersededById: supersededByCodeId ?? null,
      })
      .where(eq(qrCodes.id, code.id));
    await recordStatusEvent(tx, { codeId: code.id, action: "revoked", reason, actorId: user.id });
    await outbox.record(tx, [await revokedEvent(tx, code.id, supersededByCodeId ?? null, reason)]);
    await noticeWatchers(tx, outbox, supersededByCodeId ? "code.superseded" : "code.revoked", { codeId: code.id });
    // Last, so the log's head is held only for this statement and the commit (decision 050). A
    // withdrawal never waits for signing: while the key may not sign it stands unsigned until asked for.
    await signCertificate(tx, signing, code.id, "revoked", "defer");
    return code.id;
  });
}

/** Only a separate, logged reinstatement (by the owner) brings a revoked code back. */
export async function reinstateCode(
  db: TransactionalDatabase,
  signing: RecordSigning,
  outbox: Outbox,
  actorId: number,
  companyId: number,
  rawCodeId: string,
  reason: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const code = await findCompanyCode(tx, companyId, rawCodeId, { lock: true });
    if (!code.revokedAt) throw new ApiError(409, "This code is not revoked");
    await tx
      .update(qrCodes)
      .set({ revokedAt: null, revokedReason: null, revokedById: null, supersededById: null })
      .where(eq(qrCodes.id, code.id));
    await recordStatusEvent(tx, { codeId: code.id, action: "reinstated", reason, actorId });
    const [reinstated] = await selectCodes(tx).where(eq(qrCodes.id, code.id));
    await outbox.record(tx, [
      { companyId, type: "code.reinstated", codeId: code.id, data: { code: webhookCode(reinstated!), reason } },
    ]);
    await noticeWatchers(tx, outbox, "code.reinstated", { codeId: code.id });
    // A reinstatement is not urgent: while the key may not sign it waits, so every reinstatement
    // is a signed change (an unsigned one could not be told from a row rewritten around ValuSeal).
    await signCertificate(tx, signing, code.id, "reinstated", "refuse");
    return code.id;
  });
}
