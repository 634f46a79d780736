import { and, inArray, isNull, type SQL, sql } from "drizzle-orm";
import {
  apiKeys,
  auditLog,
  companies,
  emailTokens,
  idempotencyKeys,
  invites,
  loginFailures,
  passkeys,
  practisingCertificates,
  recoveryCodes,
  undeliveredEmails,
  users,
  valuers,
  watches,
  webauthnChallenges,
  webhookEndpoints,
  webhookEvents,
} from "#schema/tables.ts";
import type { Queryable, Transaction } from "#worker/db.ts";
import { endSessions } from "../accounts/sessions";
import { type Actor, recordAudit } from "../companies/audit";
import { revokeKeysMadeBy } from "../integration/api-keys";

/*
 * Erasing people and closing organisations (decision 066). Nothing issued is touched: codes, their
 * signed records, status history and the transparency log stay, so every certificate still
 * verifies. What goes is personal data that no certificate carries: names, sign-in addresses,
 * sessions, second factors, invitations, the audit log's copies of addresses, and a closed firm's
 * keys, webhooks and practising-certificate files. Rows are kept as tombstones where other rows
 * point at them (a code's issuer, an audit entry's actor), so nothing dangles.
 */

/**
 * The address an erased account keeps, and a closed organisation's: unique by the row's id, and
 * never deliverable (".invalid", RFC 2606). One rule, written in SQL for the set-based updates.
 */
const tombstoneAddress = (label: "erased" | "closed", id: SQL | number) =>
  sql`${sql.raw(`'${label}-'`)} || (${id})::text || ${sql.raw(`'@${label}.invalid'`)}`;

/** The password an erased account keeps: not a hash any password checks against. */
const NO_PASSWORD = "!erased";

/** A regular expression matching `text` exactly, case-insensitively as addresses compare. */
const literalPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Erases these accounts' personal data in the caller's transaction: sign-in ends, second factors,
 * emailed links and Idempotency-Keys go, the keys they made are revoked, invitations and
 * undelivered emails to their address are deleted, and every copy of the address in the audit log
 * becomes the tombstone's. The row keeps its id (codes, reliances and audit entries point at it),
 * with no name, an erased.invalid address and no usable password. Returns the ids erased.
 */
export async function eraseAccounts(tx: Transaction, actor: Actor | null, userIds: number[]) {
  if (userIds.length === 0) return [];
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, userIds), isNull(users.erasedAt)))
    .for("update");
  const ids = people.map((person) => person.id);
  if (ids.length === 0) return [];
  const addresses = people.map((person) => person.email.toLowerCase());

  await endSessions(tx, ids);
  await tx.delete(passkeys).where(inArray(passkeys.userId, ids));
  await tx.delete(recoveryCodes).where(inArray(recoveryCodes.userId, ids));
  await tx.delete(webauthnChallenges).where(inArray(webauthnChallenges.userId, ids));
  await tx.delete(emailTokens).where(inArray(emailTokens.userId, ids));
  await tx.delete(idempotencyKeys).where(inArray(idempotencyKeys.userId, ids));
  await revokeKeysMadeBy(tx, actor, ids, "account erased");
  await tx.delete(invites).where(inArray(sql`lower(${invites.email})`, addresses));
  await tx.delete(undeliveredEmails).where(inArray(sql`lower(${undeliveredEmails.recipient})`, addresses));
  await tx.delete(loginFailures).where(
    inArray(
      loginFailures.key,
      addresses.map((address) => `email:${address}`),
    ),
  );
  await tx.update(valuers).set({ userId: null }).where(inArray(valuers.userId, ids));

  for (const person of people) {
    const tombstone = tombstoneAddress("erased", person.id);
    await tx
      .update(auditLog)
      .set({ actorEmail: tombstone })
      .where(sql`lower(${auditLog.actorEmail}) = ${person.email.toLowerCase()}`);
    await tx
      .update(auditLog)
      .set({
        details: sql`regexp_replace(${auditLog.details}::text, ${literalPattern(person.email)}, ${tombstone}, 'gi')::jsonb`,
      })
      .where(sql`strpos(lower(${auditLog.details}::text), ${person.email.toLowerCase()}) > 0`);
  }

  await tx
    .update(users)
    .set({
      email: tombstoneAddress("erased", sql`${users.id}`),
      password: NO_PASSWORD,
      firstName: null,
      lastName: null,
      isActive: false,
      companyId: null,
      emailVerifiedAt: null,
      identityProvenAt: null,
      scanAlertEmails: false,
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      deletionDueAt: null,
      erasedAt: sql`now()`,
    })
    .where(inArray(users.id, ids));
  await recordAudit(
    tx,
    actor,
    ids.map((id) => ({ action: "user.erased" as const, targetType: "user" as const, targetId: id })),
  );
  return ids;
}

/**
 * Closes these organisations in the caller's transaction: every member's account is erased, every
 * API key revoked, webhooks and their queued events deleted, invitations and lenders' watches
 * ended, valuers' phone numbers and the firm's contact details cleared. The firm's name and
 * registration stay (its certificates and ValuSeal's verification of it name them), and so do its
 * codes, ledger, purchases and receipts (kept for the tax-record period, eraseExpiredTaxRecords).
 * Returns the organisations closed and the practising-certificate files to delete from storage
 * once this commits.
 */
export async function closeOrganisations(tx: Transaction, actor: Actor | null, companyIds: number[]) {
  if (companyIds.length === 0) return { closed: [], files: [] };
  const closing = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(inArray(companies.id, companyIds), isNull(companies.closedAt)))
    .for("update");
  const ids = closing.map((company) => company.id);
  if (ids.length === 0) return { closed: [], files: [] };

  const members = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.companyId, ids), isNull(users.erasedAt)));
  await eraseAccounts(
    tx,
    actor,
    members.map((member) => member.id),
  );
  await tx
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(apiKeys.companyId, ids), isNull(apiKeys.revokedAt)));
  await tx.delete(webhookEndpoints).where(inArray(webhookEndpoints.companyId, ids));
  await tx.delete(webhookEvents).where(inArray(webhookEvents.companyId, ids));
  await tx.delete(invites).where(inArray(invites.companyId, ids));
  await tx.delete(emailTokens).where(inArray(emailTokens.companyId, ids));
  await tx.delete(watches).where(inArray(watches.lenderCompanyId, ids));
  await tx.update(valuers).set({ phone: null }).where(inArray(valuers.companyId, ids));
  await tx
    .update(companies)
    .set({
      email: tombstoneAddress("closed", sql`${companies.id}`),
      phone: null,
      isActive: false,
      scanAlertMode: "none",
      closureDueAt: null,
      closedAt: sql`now()`,
    })
    .where(inArray(companies.id, ids));
  await recordAudit(
    tx,
    actor,
    closing.map((company) => ({
      action: "company.closed" as const,
      targetType: "company" as const,
      targetId: company.id,
      details: { name: company.name },
    })),
  );
  const files = await closedFirmsFiles(tx, ids);
  return { closed: ids, files };
}

/** The practising-certificate files these organisations uploaded (object keys in EVIDENCE). */
export async function closedFirmsFiles(tx: Queryable, companyIds: number[]) {
  if (companyIds.length === 0) return [];
  const rows = await tx
    .select({ objectKey: practisingCertificates.objectKey })
    .from(practisingCertificates)
    .where(inArray(practisingCertificates.companyId, companyIds));
  return rows.map((row) => row.objectKey);
}
