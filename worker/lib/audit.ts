import { auditLog } from "../../schema/tables";
import type { Database } from "../db";

/** A transaction handle: admin changes and their audit rows commit or roll back together. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type AuditAction =
  | "user.activated"
  | "user.deactivated"
  | "user.deleted"
  | "company.activated"
  | "company.deactivated"
  | "company.password_reset";

export interface AuditEntry {
  action: AuditAction;
  targetType: "user" | "company";
  targetId: number;
  /** What a reader needs once the target is gone (its email, name); never secrets. */
  details?: Record<string, unknown>;
}

/** The actor's email is copied, so the entry still says who acted after that account is deleted. */
export async function recordAudit(tx: Transaction, actor: { id: number; email: string }, entries: AuditEntry[]) {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(entries.map((entry) => ({ actorId: actor.id, actorEmail: actor.email, ...entry })));
}
