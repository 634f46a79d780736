import { count, desc } from "drizzle-orm";
import { auditLog } from "#schema/tables.ts";
import type { Database, Transaction } from "#worker/db.ts";
import { countOf, fetchPage, totalColumn } from "#worker/lib/pagination.ts";

/** Whoever acted, as the audit log names them. */
export type Actor = { id: number; email: string };

type AuditAction =
  | "user.activated"
  | "user.deactivated"
  | "user.deleted"
  | "user.deletion_requested"
  | "user.deletion_cancelled"
  | "user.erased"
  | "user.second_factor_added"
  | "user.second_factor_removed"
  | "user.second_factor_reset"
  | "company.activated"
  | "company.deactivated"
  | "company.password_reset"
  | "company.closure_requested"
  | "company.closure_cancelled"
  | "company.closed"
  | "company.verified"
  | "company.verification_rejected"
  | "company.verification_withdrawn"
  | "team.invitation_sent"
  | "team.invitation_cancelled"
  | "team.member_joined"
  | "team.member_removed"
  | "company.webhook_added"
  | "company.webhook_changed"
  | "company.webhook_secret_rotated"
  | "company.webhook_removed"
  | "company.api_key_created"
  | "company.api_key_revoked"
  | "company.credits_granted"
  | "company.credits_reversed"
  | "platform.signing_key_compromised"
  | "platform.price_set"
  | "platform.mpesa_reviewed"
  | "platform.register_added"
  | "platform.register_imported"
  | "platform.practising_certificate_reviewed";

interface AuditEntry {
  action: AuditAction;
  targetType: "user" | "company" | "signing_key" | "price" | "purchase" | "register";
  /** The user's, company's, price's or purchase's id; null for a signing key, which `details.kid` names. */
  targetId: number | null;
  /** What a reader needs once the target is gone (its email, name); never secrets. */
  details?: Record<string, unknown>;
}

/**
 * Written in the change's own transaction, so a change and its audit rows commit or roll back
 * together. The actor's email is copied, so the entry still says who acted after that account is
 * deleted. A null actor is ValuSeal's own scheduled work (the purge of closed accounts).
 */
export async function recordAudit(tx: Transaction, actor: Actor | null, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  await tx
    .insert(auditLog)
    .values(entries.map((entry) => ({ actorId: actor?.id ?? null, actorEmail: actor?.email ?? null, ...entry })));
}

/** One page of the audit log, newest first, with the log's total. */
export function listAuditLog(db: Database, page: number, pageSize: number) {
  const entryCount = db.select({ total: count() }).from(auditLog);
  return fetchPage(
    page,
    pageSize,
    (range) =>
      db
        .select({
          id: auditLog.id,
          actorEmail: auditLog.actorEmail,
          action: auditLog.action,
          targetType: auditLog.targetType,
          targetId: auditLog.targetId,
          details: auditLog.details,
          createdAt: auditLog.createdAt,
          total: totalColumn(entryCount),
        })
        .from(auditLog)
        // Insertion order: a row's created_at is its transaction's start, so a longer transaction
        // that began first can write after a shorter one.
        .orderBy(desc(auditLog.id))
        .limit(range.limit)
        .offset(range.offset),
    () => countOf(entryCount),
  );
}
