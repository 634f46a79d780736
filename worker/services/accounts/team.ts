import { and, asc, desc, eq, gt, inArray, isNull, not, sql } from "drizzle-orm";
import { DAY_MS } from "#schema/limits.ts";
import { ROLES } from "#schema/limits/accounts.ts";
import { auditLog, companies, invites, users } from "#schema/tables.ts";
import { INVITATIONS_PER_DAY, INVITE_TOKEN_LENGTH, INVITE_VALID_DAYS } from "#schema/validation/team.ts";
import type { Database, Queryable, Reader, Transaction, TransactionalDatabase } from "#worker/db.ts";
import { ApiError, isUniqueViolation, notFound } from "#worker/lib/errors.ts";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import { randomToken, sha256Hex } from "#worker/lib/random.ts";
import { recordAudit } from "../companies/audit";
import { endSessions } from "./sessions";

const INVALID_INVITE = "This invite link is invalid or has expired";
const TOKEN_SHAPE = new RegExp(`^[A-Za-z0-9]{${INVITE_TOKEN_LENGTH}}$`);

const lowerEmail = (column: typeof users.email | typeof invites.email, email: string) =>
  eq(sql`lower(${column})`, email.toLowerCase());

const inviteColumns = {
  id: invites.id,
  email: invites.email,
  expiresAt: invites.expiresAt,
  createdAt: invites.createdAt,
};

const pendingInvites = () => and(isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`));

/**
 * A member removed from their company: no company, deactivated, and not by an administrator. Such
 * a seat may be invited back; an account an administrator deactivated stays so until an
 * administrator reactivates it.
 */
const removedMember = () =>
  sql`(${users.companyId} is null and not ${users.isActive} and ${users.role} = ${ROLES.user} and ${users.deactivatedByAdminAt} is null)`;

/** Whether the address belongs to an account that cannot join by invite (anyone but a removed member). */
async function emailInUse(db: Reader, email: string): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lowerEmail(users.email, email), not(removedMember())))
    .limit(1);
  return Boolean(user);
}

interface Actor {
  id: number;
  email: string;
}

interface Inviter extends Actor {
  name: string;
  companyName: string;
}

const membershipEvent = (
  action: "team.invitation_sent" | "team.invitation_cancelled" | "team.member_joined" | "team.member_removed",
  companyId: number,
  details: Record<string, unknown>,
) => ({ action, targetType: "company" as const, targetId: companyId, details });

/**
 * Every invitation email is an audit row, and the rows of the last 24 hours are the company's
 * count: the company's row is locked first, so two invitations at the same moment cannot both
 * take the last one.
 */
async function spendInvitation(tx: Transaction, inviter: Inviter, companyId: number, email: string) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
  const sent = await tx.$count(
    auditLog,
    and(
      eq(auditLog.targetType, "company"),
      eq(auditLog.targetId, companyId),
      eq(auditLog.action, "team.invitation_sent"),
      gt(auditLog.createdAt, sql`now() - interval '1 day'`),
    ),
  );
  if (sent >= INVITATIONS_PER_DAY) {
    throw new ApiError(
      429,
      `Your company has sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours, the most a day. Try again tomorrow.`,
    );
  }
  await recordAudit(tx, inviter, [membershipEvent("team.invitation_sent", companyId, { email })]);
}

/**
 * The invitation email. The link is only ever emailed (never shown to the inviter), so accepting
 * it proves the invitee owns the address. An address that already has an account is told why it
 * cannot join instead, while the inviter sees the same answer as for any other address.
 */
async function invitationEmail(db: Queryable, inviter: Inviter, email: string, token: string, expiresAt: Date) {
  const common = { to: email, companyName: inviter.companyName, inviterName: inviter.name };
  return (await emailInUse(db, email))
    ? ({ kind: "invite-has-account", ...common } satisfies EmailMessage)
    : ({ kind: "invite", ...common, token, expiresAt: expiresAt.toISOString() } satisfies EmailMessage);
}

const newInviteToken = async () => {
  const token = randomToken(INVITE_TOKEN_LENGTH);
  return { token, tokenHash: await sha256Hex(token), expiresAt: new Date(Date.now() + INVITE_VALID_DAYS * DAY_MS) };
};

/** A new invite replaces any pending one for the same person, so only the newest link works. */
export async function createInvite(db: TransactionalDatabase, companyId: number, inviter: Inviter, email: string) {
  const { token, tokenHash, expiresAt } = await newInviteToken();
  const invite = await db.transaction(async (tx) => {
    await spendInvitation(tx, inviter, companyId, email);
    await tx
      .delete(invites)
      .where(and(eq(invites.companyId, companyId), lowerEmail(invites.email, email), isNull(invites.acceptedAt)));
    const [row] = await tx
      .insert(invites)
      .values({ companyId, email, tokenHash, invitedById: inviter.id, expiresAt })
      .returning(inviteColumns);
    return row!;
  });
  return { invite, email: await invitationEmail(db, inviter, email, token, expiresAt) };
}

/** Sends a pending invite again with a new link (the old one stops working) and a new expiry. */
export async function resendInvite(db: TransactionalDatabase, companyId: number, inviter: Inviter, inviteId: number) {
  const { token, tokenHash, expiresAt } = await newInviteToken();
  const invite = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(invites)
      .set({ tokenHash, expiresAt, invitedById: inviter.id })
      .where(and(eq(invites.id, inviteId), eq(invites.companyId, companyId), isNull(invites.acceptedAt)))
      .returning(inviteColumns);
    if (row) await spendInvitation(tx, inviter, companyId, row.email);
    return row;
  });
  if (!invite) return null;
  return { invite, email: await invitationEmail(db, inviter, invite.email, token, expiresAt) };
}

/** Only a pending invite of this company can be cancelled; false when there is none. */
export async function cancelInvite(
  db: TransactionalDatabase,
  actor: Actor,
  companyId: number,
  inviteId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .delete(invites)
      .where(and(eq(invites.id, inviteId), eq(invites.companyId, companyId), isNull(invites.acceptedAt)))
      .returning({ email: invites.email });
    if (!invite) return false;
    await recordAudit(tx, actor, [membershipEvent("team.invitation_cancelled", companyId, { email: invite.email })]);
    return true;
  });
}

/** Cancels every pending invite of the company; the addresses they were sent to. */
export async function cancelPendingInvites(tx: Transaction, actor: Actor, companyId: number): Promise<string[]> {
  const cancelled = await tx
    .delete(invites)
    .where(and(eq(invites.companyId, companyId), pendingInvites()))
    .returning({ email: invites.email });
  await recordAudit(
    tx,
    actor,
    cancelled.map(({ email }) => membershipEvent("team.invitation_cancelled", companyId, { email })),
  );
  return cancelled.map(({ email }) => email);
}

export async function listTeam(db: Database, companyId: number, ownerId: number) {
  const [members, pending] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        isActive: users.isActive,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.companyId, companyId))
      .orderBy(asc(users.createdAt), asc(users.id)),
    db
      .select(inviteColumns)
      .from(invites)
      .where(and(eq(invites.companyId, companyId), pendingInvites()))
      .orderBy(desc(invites.createdAt)),
  ]);
  return { members: members.map((member) => ({ ...member, isOwner: member.id === ownerId })), invites: pending };
}

/**
 * Removing a member ends their access at once: they leave the company, their account is
 * deactivated (it only ever existed as a seat of this company) and their sessions end. Codes they
 * created stay with the company.
 */
export async function removeMember(
  db: TransactionalDatabase,
  actor: Actor,
  companyId: number,
  memberId: number,
): Promise<boolean> {
  return db.transaction(
    async (tx) =>
      (await removeMembers(tx, actor, companyId, { only: memberId, reason: "removed by the owner" })).length > 0,
  );
}

/**
 * Removes the company's members (one, or those named) as removeMember does, audited with the
 * reason; the removed members' emails.
 */
export async function removeMembers(
  tx: Transaction,
  actor: Actor,
  companyId: number,
  which: ({ only: number } | { ids: number[] }) & { reason: string },
): Promise<string[]> {
  if ("ids" in which && which.ids.length === 0) return [];
  const removed = await tx
    .update(users)
    .set({ companyId: null, isActive: false })
    .where(
      and(eq(users.companyId, companyId), "only" in which ? eq(users.id, which.only) : inArray(users.id, which.ids)),
    )
    .returning({ id: users.id, email: users.email });
  await endSessions(
    tx,
    removed.map((member) => member.id),
  );
  await recordAudit(
    tx,
    actor,
    removed.map((member) =>
      membershipEvent("team.member_removed", companyId, {
        memberId: member.id,
        email: member.email,
        reason: which.reason,
      }),
    ),
  );
  return removed.map((member) => member.email);
}

/** Only the hash is stored; a token of the wrong shape cannot match, so it costs no query. */
export async function inviteTokenHash(token: string): Promise<string> {
  if (!TOKEN_SHAPE.test(token)) throw notFound(INVALID_INVITE);
  return sha256Hex(token);
}

/** A pending, unexpired invite of a company that is still active. */
const usableInvite = (db: Reader, tokenHash: string) =>
  and(
    eq(invites.tokenHash, tokenHash),
    pendingInvites(),
    inArray(invites.companyId, db.select({ id: companies.id }).from(companies).where(eq(companies.isActive, true))),
  );

export async function findInvite(db: Database, tokenHash: string) {
  const [invite] = await db
    .select({ companyName: companies.name, email: invites.email, expiresAt: invites.expiresAt })
    .from(invites)
    .innerJoin(companies, eq(companies.id, invites.companyId))
    .where(usableInvite(db, tokenHash))
    .limit(1);
  if (!invite) throw notFound(INVALID_INVITE);
  // An account belongs to one company: the page says so before the invitee fills in the form.
  return { ...invite, hasAccount: await emailInUse(db, invite.email) };
}

export const HAS_ACCOUNT =
  "This email already has a ValuSeal account, and an account belongs to one company, so it cannot accept this invitation. Ask the company to invite another address.";

/**
 * Claims the invite and creates the member, or brings a removed member's old account back, in one
 * transaction. A returning member's password is replaced and any session of the old account ends.
 * Following the emailed link proves the address, so the account counts as confirmed. The claim is
 * an UPDATE guarded by "not yet accepted", so two simultaneous acceptances cannot both succeed.
 */
export async function acceptInvite(
  db: TransactionalDatabase,
  tokenHash: string,
  member: { firstName: string; lastName: string; passwordHash: string },
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const [invite] = await tx
        .update(invites)
        .set({ acceptedAt: new Date() })
        .where(usableInvite(db, tokenHash))
        .returning({ companyId: invites.companyId, email: invites.email });
      if (!invite) throw notFound(INVALID_INVITE);
      const account = {
        password: member.passwordHash,
        firstName: member.firstName,
        lastName: member.lastName,
        companyId: invite.companyId,
        emailVerifiedAt: sql`now()`,
      };
      const [rejoined] = await tx
        .update(users)
        .set({ ...account, isActive: true })
        .where(and(lowerEmail(users.email, invite.email), removedMember()))
        .returning({ id: users.id, email: users.email });
      if (rejoined) await endSessions(tx, [rejoined.id]);
      const [joined] = rejoined
        ? [rejoined]
        : await tx
            .insert(users)
            .values({ ...account, email: invite.email })
            .returning({ id: users.id, email: users.email });
      await recordAudit(tx, joined!, [
        membershipEvent("team.member_joined", invite.companyId, {
          memberId: joined!.id,
          email: joined!.email,
          returning: Boolean(rejoined),
        }),
      ]);
      return joined!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, HAS_ACCOUNT);
    throw error;
  }
}
