import { and, asc, desc, eq, gt, inArray, isNull, not, sql } from "drizzle-orm";
import { DAY_MS, ROLES } from "../../schema/limits";
import type { InviteDetails, PendingInvite, Team } from "../../schema/responses";
import { companies, invites, users } from "../../schema/tables";
import { INVITE_TOKEN_LENGTH, INVITE_VALID_DAYS } from "../../schema/validation/team";
import type { Database, Queryable, Reader, TransactionalDatabase } from "../db";
import { ApiError, isUniqueViolation, notFound } from "../lib/errors";
import type { EmailMessage } from "../lib/email-templates";
import { randomToken, sha256Hex } from "../lib/random";
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

/** A member removed from their company: no company, deactivated. Such a seat may be invited back. */
const removedMember = () =>
  sql`(${users.companyId} is null and not ${users.isActive} and ${users.role} = ${ROLES.user})`;

/** Whether the address belongs to an account that cannot join by invite (anyone but a removed member). */
export async function emailInUse(db: Reader, email: string): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lowerEmail(users.email, email), not(removedMember())))
    .limit(1);
  return Boolean(user);
}

interface Inviter {
  id: number;
  name: string;
  companyName: string;
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
    await tx
      .delete(invites)
      .where(and(eq(invites.companyId, companyId), lowerEmail(invites.email, email), isNull(invites.acceptedAt)));
    const [row] = await tx
      .insert(invites)
      .values({ companyId, email, tokenHash, invitedById: inviter.id, expiresAt })
      .returning(inviteColumns);
    return row! satisfies PendingInvite;
  });
  return { invite, email: await invitationEmail(db, inviter, email, token, expiresAt) };
}

/** Sends a pending invite again with a new link (the old one stops working) and a new expiry. */
export async function resendInvite(db: Database, companyId: number, inviter: Inviter, inviteId: number) {
  const { token, tokenHash, expiresAt } = await newInviteToken();
  const [invite] = await db
    .update(invites)
    .set({ tokenHash, expiresAt, invitedById: inviter.id })
    .where(and(eq(invites.id, inviteId), eq(invites.companyId, companyId), isNull(invites.acceptedAt)))
    .returning(inviteColumns);
  if (!invite) return null;
  return { invite, email: await invitationEmail(db, inviter, invite.email, token, expiresAt) };
}

/** Only a pending invite of this company can be cancelled; false when there is none. */
export async function cancelInvite(db: Database, companyId: number, inviteId: number): Promise<boolean> {
  const [invite] = await db
    .delete(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.companyId, companyId), isNull(invites.acceptedAt)))
    .returning({ id: invites.id });
  return Boolean(invite);
}

export async function listTeam(db: Database, companyId: number, ownerId: number): Promise<Team> {
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
export async function removeMember(db: TransactionalDatabase, companyId: number, memberId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .update(users)
      .set({ companyId: null, isActive: false })
      .where(and(eq(users.id, memberId), eq(users.companyId, companyId)))
      .returning({ id: users.id });
    if (!member) return false;
    await endSessions(tx, [member.id]);
    return true;
  });
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

export async function findInvite(db: Database, tokenHash: string): Promise<InviteDetails> {
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
        .returning({ id: users.id });
      if (rejoined) {
        await endSessions(tx, [rejoined.id]);
        return rejoined.id;
      }
      const [user] = await tx
        .insert(users)
        .values({ ...account, email: invite.email })
        .returning({ id: users.id });
      return user!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, HAS_ACCOUNT);
    throw error;
  }
}
