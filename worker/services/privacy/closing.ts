import { and, eq, inArray, isNotNull, isNull, lte, notExists, sql } from "drizzle-orm";
import { CLOSING_GRACE_DAYS } from "#schema/limits/privacy.ts";
import { formatDate } from "#schema/format-date.ts";
import { companies, qrCodes, users, valuers } from "#schema/tables.ts";
import type { Queryable, Transactional } from "#worker/db.ts";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { refuseRemovingLastAdmin, refuseUnsafeRemoval, type UserChangeResult } from "../accounts/users";
import { type Actor, recordAudit } from "../companies/audit";
import { closedFirmsFiles, closeOrganisations, eraseAccounts } from "./erasure";

/*
 * Deleting one's account and closing an organisation (decision 066): asked for by the person, in
 * force after CLOSING_GRACE_DAYS during which every screen says so and offers Undo, then carried
 * out by the hourly purge (purgeDueAccounts). An administrator's delete is the same erasure at once.
 */

const graceEnd = sql`now() + ${sql.raw(`interval '${CLOSING_GRACE_DAYS} days'`)}`;

export const OWNER_MUST_CLOSE =
  "You own this organisation: close it in Company Details → Data, and your account is deleted with it";
const ALREADY_SCHEDULED = "Deletion is already scheduled";
const CLOSURE_ALREADY_SCHEDULED = "The organisation is already closing";

/**
 * Schedules the user's own account for erasure. An owner closes the organisation instead (its
 * certificates need an issuer to stay with); the last active administrator is refused.
 */
export async function scheduleAccountDeletion(db: Transactional, user: Actor & { role: string; ownsCompany: boolean }) {
  if (user.ownsCompany) throw new ApiError(409, OWNER_MUST_CLOSE);
  return db.transaction(async (tx) => {
    if (user.role === "admin") await refuseRemovingLastAdmin(tx, [user.id], "delete");
    const [row] = await tx
      .update(users)
      .set({ deletionDueAt: graceEnd })
      .where(and(eq(users.id, user.id), isNull(users.deletionDueAt)))
      .returning({ deletionDueAt: users.deletionDueAt });
    if (!row?.deletionDueAt) throw new ApiError(409, ALREADY_SCHEDULED);
    await recordAudit(tx, user, [
      { action: "user.deletion_requested", targetType: "user", targetId: user.id, details: { email: user.email } },
    ]);
    const email: EmailMessage = {
      kind: "account-deletion-scheduled",
      to: user.email,
      on: formatDate(row.deletionDueAt),
    };
    return { deletionDueAt: row.deletionDueAt, email };
  });
}

/** Undoes the user's own deletion; nothing happens if none is scheduled. */
export async function cancelAccountDeletion(db: Transactional, user: Actor) {
  await db.transaction(async (tx) => {
    const cancelled = await tx
      .update(users)
      .set({ deletionDueAt: null })
      .where(and(eq(users.id, user.id), isNotNull(users.deletionDueAt)))
      .returning({ id: users.id });
    if (cancelled.length > 0)
      await recordAudit(tx, user, [{ action: "user.deletion_cancelled", targetType: "user", targetId: user.id }]);
  });
}

/**
 * Schedules the organisation's closure, asked for by its owner; every member is told by email, as
 * their access ends with it.
 */
export async function scheduleClosure(db: Transactional, owner: Actor, companyId: number) {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .update(companies)
      .set({ closureDueAt: graceEnd })
      .where(and(eq(companies.id, companyId), isNull(companies.closureDueAt), isNull(companies.closedAt)))
      .returning({ name: companies.name, closureDueAt: companies.closureDueAt });
    if (!company?.closureDueAt) throw new ApiError(409, CLOSURE_ALREADY_SCHEDULED);
    await recordAudit(tx, owner, [
      {
        action: "company.closure_requested",
        targetType: "company",
        targetId: companyId,
        details: { name: company.name },
      },
    ]);
    const members = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.isActive, true), isNull(users.erasedAt)));
    const on = formatDate(company.closureDueAt);
    const emails: EmailMessage[] = members.map((member) => ({
      kind: "closure-scheduled",
      to: member.email,
      companyName: company.name,
      on,
      isOwner: member.id === owner.id,
    }));
    return { closureDueAt: company.closureDueAt, emails };
  });
}

/** Undoes the organisation's closure while it is still to come. */
export async function cancelClosure(db: Transactional, owner: Actor, companyId: number) {
  await db.transaction(async (tx) => {
    const cancelled = await tx
      .update(companies)
      .set({ closureDueAt: null })
      .where(and(eq(companies.id, companyId), isNotNull(companies.closureDueAt), isNull(companies.closedAt)))
      .returning({ id: companies.id });
    if (cancelled.length > 0)
      await recordAudit(tx, owner, [
        { action: "company.closure_cancelled", targetType: "company", targetId: companyId },
      ]);
  });
}

/** At most this many organisations and accounts each per hourly run, one transaction apiece. */
const PURGE_BATCH = 50;

/**
 * The hourly purge: organisations and accounts whose grace has ended are closed and erased, each
 * in its own transaction so one failing never holds back another. Returns the practising-
 * certificate files of the organisations closed, to delete from storage.
 */
export async function purgeDueAccounts(db: Transactional) {
  const dueCompanies = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(lte(companies.closureDueAt, sql`now()`), isNull(companies.closedAt)))
    .orderBy(companies.closureDueAt)
    .limit(PURGE_BATCH);
  const files: string[] = [];
  for (const { id } of dueCompanies) {
    const closed = await db.transaction((tx) => closeOrganisations(tx, null, [id]));
    files.push(...closed.files);
  }
  const dueUsers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lte(users.deletionDueAt, sql`now()`), isNull(users.erasedAt)))
    .orderBy(users.deletionDueAt)
    .limit(PURGE_BATCH);
  for (const { id } of dueUsers) await db.transaction((tx) => eraseAccounts(tx, null, [id]));
  return { companies: dueCompanies.length, users: dueUsers.length, files };
}

/**
 * An administrator's delete: the accounts are erased at once, and any organisation one of them
 * owns is closed with its whole team (its codes stay verifiable). All or nothing. Returns the files
 * of the organisations closed, to delete from storage once this commits.
 */
export async function deleteUsersNow(db: Transactional, actor: Actor, userIds: number[]) {
  return db.transaction(async (tx): Promise<UserChangeResult & { files: string[] }> => {
    const targets = await refuseUnsafeRemoval(tx, actor, userIds, "delete");
    const ids = targets.map((user) => user.id);
    if (ids.length === 0) return { found: 0, changed: 0, files: [] };
    const people = await tx
      .select({ id: users.id, email: users.email, role: users.role })
      .from(users)
      .where(inArray(users.id, ids));
    const owned = await tx
      .select({ id: companies.id, name: companies.name, ownerId: companies.ownerId })
      .from(companies)
      .where(and(inArray(companies.ownerId, ids), isNull(companies.closedAt)));
    await recordAudit(
      tx,
      actor,
      people.map((person) => ({
        action: "user.deleted" as const,
        targetType: "user" as const,
        targetId: person.id,
        details: {
          email: person.email,
          role: person.role,
          companies: owned
            .filter((company) => company.ownerId === person.id)
            .map((company) => ({ id: company.id, name: company.name })),
        },
      })),
    );
    const { files } = await closeOrganisations(
      tx,
      actor,
      owned.map((company) => company.id),
    );
    await eraseAccounts(tx, actor, ids);
    return { found: ids.length, changed: ids.length, files };
  });
}

/** Days after a closure during which the hourly job deletes the firm's files again, should a first delete have failed. */
const FILE_RETRY_DAYS = 2;

/**
 * The practising-certificate files of organisations closed in the last days, to delete from
 * storage (deleting a missing object is harmless, so every run may ask again).
 */
export async function recentlyClosedFirmsFiles(db: Queryable) {
  const recent = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`${companies.closedAt} > now() - ${sql.raw(`interval '${FILE_RETRY_DAYS} days'`)}`);
  return closedFirmsFiles(
    db,
    recent.map((company) => company.id),
  );
}

/** Valuers forgotten a run at most; the rest go in the next hourly run. */
const FORGET_VALUERS_BATCH = 1000;

/**
 * The valuers of organisations closed over FILE_RETRY_DAYS ago who signed no code: on no
 * certificate, so nothing of them is kept. A valuer who signed stays as the certificates name them
 * (their frozen copy is on each code; the row keeps the register's watch on their number serving
 * lenders). They go once their uploaded files' deletion is no longer retried, since the files are
 * found through their rows; the cascade takes their register checks and upload rows with them.
 */
export async function forgetUnsignedValuersOfClosedFirms(db: Queryable) {
  const due = db
    .select({ id: valuers.id })
    .from(valuers)
    .innerJoin(companies, eq(companies.id, valuers.companyId))
    .where(
      and(
        lte(companies.closedAt, sql`now() - ${sql.raw(`interval '${FILE_RETRY_DAYS} days'`)}`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(qrCodes)
            .where(eq(qrCodes.valuerId, valuers.id)),
        ),
      ),
    )
    .limit(FORGET_VALUERS_BATCH);
  const forgotten = await db.delete(valuers).where(inArray(valuers.id, due)).returning({ id: valuers.id });
  return forgotten.length;
}

/** Deletes files from the evidence bucket, a thousand keys a call as R2 allows. */
export async function deleteEvidenceFiles(bucket: R2Bucket, keys: string[]) {
  for (let start = 0; start < keys.length; start += 1000) await bucket.delete(keys.slice(start, start + 1000));
}

/**
 * Deletes the ledger, purchases, payment records and receipts of organisations closed more than
 * `years` ago, in one transaction: kept until then for the tax authorities (decision 066). The
 * database refuses any of it sooner than 5 years after the closure (migration 0053).
 */
export async function eraseExpiredTaxRecords(db: Transactional, years: number) {
  const expired = sql`(SELECT id FROM companies WHERE closed_at < now() - make_interval(years => ${years}))`;
  const purchasesOf = sql`(SELECT id FROM purchases WHERE company_id IN ${expired})`;
  return db.transaction(async (tx) => {
    const receipts = await tx.execute(sql`DELETE FROM receipts WHERE company_id IN ${expired}`);
    await tx.execute(sql`DELETE FROM mpesa_prompts WHERE purchase_id IN ${purchasesOf}`);
    await tx.execute(sql`DELETE FROM payment_events WHERE purchase_id IN ${purchasesOf}`);
    await tx.execute(sql`DELETE FROM purchases WHERE company_id IN ${expired}`);
    await tx.execute(sql`DELETE FROM credit_entries WHERE company_id IN ${expired}`);
    await tx.execute(sql`DELETE FROM credit_balances WHERE company_id IN ${expired}`);
    await tx.execute(sql`DELETE FROM billing_details WHERE company_id IN ${expired}`);
    return { receipts: receipts.rowCount ?? 0 };
  });
}
