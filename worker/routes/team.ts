import { and, asc, desc, eq, gt, inArray, isNull, not, sql } from "drizzle-orm";
import { Hono } from "hono";
import { ROLES } from "../../schema/limits";
import { companies, invites, users } from "../../schema/tables";
import { acceptInviteSchema, INVITE_TOKEN_LENGTH, INVITE_VALID_DAYS, inviteSchema } from "../../schema/validation/team";
import type { Database } from "../db";
import type { AppEnv } from "../env";
import { endUserSessions, signedInResponse } from "../lib/auth-session";
import { currentCompanyId } from "../lib/company";
import { ApiError, badRequest, isUniqueViolation, notFound } from "../lib/errors";
import { hashPassword } from "../lib/passwords";
import { publicOrigin } from "../lib/public-address";
import { randomToken, sha256Hex } from "../lib/random";
import { parseId, validate } from "../lib/validation";
import { requireActiveCompany, requireCompanyOwner, requireCompanyUser, requireUser } from "../middleware/auth";
import { clientAddress, enforceRateLimit, rateLimitByAddress } from "../middleware/rate-limit";

const DAY_MS = 24 * 60 * 60 * 1000;
const INVITE_PATH = "/invite/";
const INVALID_INVITE = "This invite link is invalid or has expired";
const EMAIL_TAKEN = "An account with this email already exists";
const teamOwner = requireCompanyOwner("Only the company owner can manage the team");
const TOKEN_SHAPE = new RegExp(`^[A-Za-z0-9]{${INVITE_TOKEN_LENGTH}}$`);

const lowerEmail = (column: typeof users.email | typeof invites.email, email: string) =>
  eq(sql`lower(${column})`, email.toLowerCase());

const pendingInvites = () => and(isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`));

/** A member removed from their company: no company, deactivated. Such a seat may be invited back. */
const removedMember = () =>
  sql`(${users.companyId} is null and not ${users.isActive} and ${users.role} = ${ROLES.user})`;

async function emailInUse(db: Database, email: string): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lowerEmail(users.email, email), not(removedMember())))
    .limit(1);
  return Boolean(user);
}

/** A new invite replaces any pending one for the same person, so only the newest link works. */
async function createInvite(db: Database, companyId: number, invitedById: number, email: string) {
  const token = randomToken(INVITE_TOKEN_LENGTH);
  const tokenHash = await sha256Hex(token);
  const expiresAt = new Date(Date.now() + INVITE_VALID_DAYS * DAY_MS);
  const invite = await db.transaction(async (tx) => {
    await tx
      .delete(invites)
      .where(and(eq(invites.companyId, companyId), lowerEmail(invites.email, email), isNull(invites.acceptedAt)));
    const [row] = await tx
      .insert(invites)
      .values({ companyId, email, tokenHash, invitedById, expiresAt })
      .returning({ id: invites.id, email: invites.email, expiresAt: invites.expiresAt });
    return row!;
  });
  return { invite, token };
}

async function listTeam(db: Database, companyId: number, ownerId: number) {
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
      .select({ id: invites.id, email: invites.email, expiresAt: invites.expiresAt, createdAt: invites.createdAt })
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
async function removeMember(db: Database, companyId: number, memberId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .update(users)
      .set({ companyId: null, isActive: false })
      .where(and(eq(users.id, memberId), eq(users.companyId, companyId)))
      .returning({ id: users.id });
    if (!member) return false;
    await endUserSessions(tx, member.id);
    return true;
  });
}

/** The company owner's team: members and pending invites (members may not manage it). */
export const teamRoutes = new Hono<AppEnv>()
  .get("/", requireUser, requireCompanyUser, teamOwner, async (c) => {
    const { user } = c.var;
    return c.json(await listTeam(c.var.db, currentCompanyId(c), user.id));
  })
  .post(
    "/invites",
    requireUser,
    requireCompanyUser,
    teamOwner,
    requireActiveCompany,
    validate("json", inviteSchema),
    async (c) => {
      const { email } = c.req.valid("json");
      if (await emailInUse(c.var.db, email)) throw new ApiError(409, EMAIL_TAKEN);
      const { invite, token } = await createInvite(c.var.db, currentCompanyId(c), c.var.user.id, email);
      return c.json({ ...invite, inviteUrl: `${publicOrigin(c)}${INVITE_PATH}${token}` }, 201);
    },
  )
  .delete("/invites/:id", requireUser, requireCompanyUser, teamOwner, async (c) => {
    const id = parseId(c.req.param("id"), "Invite not found");
    const [invite] = await c.var.db
      .delete(invites)
      .where(and(eq(invites.id, id), eq(invites.companyId, currentCompanyId(c)), isNull(invites.acceptedAt)))
      .returning({ id: invites.id });
    if (!invite) throw notFound("Invite not found");
    return c.json({ message: "Invite cancelled" });
  })
  .delete("/members/:id", requireUser, requireCompanyUser, teamOwner, async (c) => {
    const id = parseId(c.req.param("id"), "Member not found");
    if (id === c.var.user.id) throw badRequest("You cannot remove yourself from the company");
    if (!(await removeMember(c.var.db, currentCompanyId(c), id))) throw notFound("Member not found");
    return c.json({ message: "Member removed" });
  });

/** Only the hash is stored; a token of the wrong shape cannot match, so it costs no query. */
async function inviteTokenHash(token: string): Promise<string> {
  if (!TOKEN_SHAPE.test(token)) throw notFound(INVALID_INVITE);
  return sha256Hex(token);
}

/** A pending, unexpired invite of a company that is still active. */
const usableInvite = (db: Database, tokenHash: string) =>
  and(
    eq(invites.tokenHash, tokenHash),
    pendingInvites(),
    inArray(invites.companyId, db.select({ id: companies.id }).from(companies).where(eq(companies.isActive, true))),
  );

async function findInvite(db: Database, tokenHash: string) {
  const [invite] = await db
    .select({ companyName: companies.name, email: invites.email, expiresAt: invites.expiresAt })
    .from(invites)
    .innerJoin(companies, eq(companies.id, invites.companyId))
    .where(usableInvite(db, tokenHash))
    .limit(1);
  if (!invite) throw notFound(INVALID_INVITE);
  return invite;
}

/**
 * Claims the invite and creates the member (or brings a removed member back) in one transaction. The claim is an UPDATE guarded by
 * "not yet accepted", so two simultaneous acceptances cannot both succeed.
 */
async function acceptInvite(
  db: Database,
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
      };
      const [rejoined] = await tx
        .update(users)
        .set({ ...account, isActive: true })
        .where(and(lowerEmail(users.email, invite.email), removedMember()))
        .returning({ id: users.id });
      if (rejoined) return rejoined.id;
      const [user] = await tx
        .insert(users)
        .values({ ...account, email: invite.email })
        .returning({ id: users.id });
      return user!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, EMAIL_TAKEN);
    throw error;
  }
}

/** The invitee's side: no sign-in, the token in the link is the credential. */
export const inviteRoutes = new Hono<AppEnv>()
  .get("/:token", rateLimitByAddress("PUBLIC_LIMITER"), async (c) => {
    const tokenHash = await inviteTokenHash(c.req.param("token"));
    return c.json(await findInvite(c.var.db, tokenHash));
  })
  .post("/:token/accept", rateLimitByAddress("PUBLIC_LIMITER"), validate("json", acceptInviteSchema), async (c) => {
    const tokenHash = await inviteTokenHash(c.req.param("token"));
    const { firstName, lastName, password } = c.req.valid("json");
    await enforceRateLimit(c, "AUTH_IP_LIMITER", `invite:${clientAddress(c)}`);
    // Checked before the costly hash, so a dead link is answered at once.
    await findInvite(c.var.db, tokenHash);
    const passwordHash = await hashPassword(password);
    const userId = await acceptInvite(c.var.db, tokenHash, { firstName, lastName, passwordHash });
    return c.json(await signedInResponse(c.var.db, c.var.config.JWT_SECRET, userId, c.req.header("User-Agent")), 201);
  });
