import { and, eq, gt, inArray, ne, sql, type SQL } from "drizzle-orm";
import { companies, sessions, users } from "../../schema/tables";
import type { PublicUser, SignedIn } from "../../schema/responses";
import type { Database, Queryable } from "../db";
import { ApiError } from "../lib/errors";
import { randomToken } from "../lib/random";
import { SESSION_TTL_SECONDS, signSessionToken } from "../lib/tokens";

/** The signed-in user as every route sees it: the public view, plus the session and when the email was confirmed. */
export interface AuthenticatedUser extends Omit<PublicUser, "emailVerified"> {
  /** When the user proved they own their email; codes can be issued only after that. */
  emailVerifiedAt: Date | null;
  sessionId: string;
}

export async function startSession(
  db: Database,
  secret: string,
  user: { id: number },
  details: { userAgent?: string | null },
): Promise<{ token: string; sessionId: string }> {
  const sessionId = randomToken(32);
  await db.insert(sessions).values({
    sid: sessionId,
    userId: user.id,
    sess: { userAgent: details.userAgent?.slice(0, 200) ?? null, createdAt: new Date().toISOString() },
    expire: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
  });
  return { token: await signSessionToken(secret, { userId: user.id, sessionId }), sessionId };
}

/** A user as screens show them; never the password hash. */
export const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  profileImageUrl: users.profileImageUrl,
  companyId: users.companyId,
  scanAlertEmails: users.scanAlertEmails,
  createdAt: users.createdAt,
};

export interface SessionClaims {
  userId: number;
  sessionId: string;
}

/** The conditions of a live session: it exists, is unexpired, and its user is active. */
const liveSession = (claims: SessionClaims) =>
  and(
    eq(sessions.sid, claims.sessionId),
    eq(sessions.userId, claims.userId),
    gt(sessions.expire, sql`now()`),
    eq(users.isActive, true),
  );

/**
 * The signed-in user, as a query to run alone or in a batch beside a route's own query. Checked on
 * every request, so logout, deactivation and deletion take effect on the very next one.
 */
export function sessionUserQuery(db: Database, claims: SessionClaims) {
  return db
    .select({
      ...userColumns,
      emailVerifiedAt: users.emailVerifiedAt,
      company: {
        id: companies.id,
        name: companies.name,
        ownerId: companies.ownerId,
        isActive: companies.isActive,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(liveSession(claims))
    .limit(1);
}

type SessionUserRow = Awaited<ReturnType<typeof sessionUserQuery>>[number];

export function toAuthenticatedUser(rows: SessionUserRow[], claims: SessionClaims): AuthenticatedUser | null {
  const [row] = rows;
  if (!row) return null;
  return { ...row, company: row.company?.id ? row.company : null, sessionId: claims.sessionId };
}

export async function loadSessionUser(db: Database, claims: SessionClaims) {
  return toAuthenticatedUser(await sessionUserQuery(db, claims), claims);
}

/**
 * The session user's company id, computed by the database under the same conditions as
 * sessionUserQuery. A query scoped by it reads only that company's rows, and none at all when the
 * session is not live, so it can run in the same batch as the session check (see readAsCompanyUser).
 */
export function sessionCompanyId(claims: SessionClaims): SQL<number> {
  return sql<number>`(select ${users.companyId} from ${sessions} inner join ${users} on ${users.id} = ${sessions.userId} where ${liveSession(claims)})`;
}

export async function endSession(db: Database, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.sid, sessionId));
}

/**
 * Ends every session of these users (password change or reset, deactivation, removal): deleting
 * the rows is what ends access, so the next request with an old token gets 401. `except` keeps the
 * session that made the change.
 */
export async function endSessions(db: Pick<Queryable, "delete">, userIds: number[], options: { except?: string } = {}) {
  if (userIds.length === 0) return;
  await db
    .delete(sessions)
    .where(and(inArray(sessions.userId, userIds), options.except ? ne(sessions.sid, options.except) : undefined));
}

/** Starts a session and answers as /api/register and /api/login do: `{ token, user }`. */
export async function signedInResponse(
  db: Database,
  secret: string,
  userId: number,
  userAgent?: string,
): Promise<SignedIn> {
  const { token, sessionId } = await startSession(db, secret, { id: userId }, { userAgent });
  const user = await loadSessionUser(db, { userId, sessionId });
  if (!user) throw new ApiError(500, "Session could not be started");
  return { token, user: publicUser(user) };
}

/** The public view of a user: never the password hash. */
export function publicUser(user: Omit<AuthenticatedUser, "sessionId">): PublicUser {
  const { id, email, firstName, lastName, role, isActive, profileImageUrl, companyId, createdAt, company } = user;
  return {
    id,
    email,
    firstName,
    lastName,
    role,
    isActive,
    profileImageUrl,
    companyId,
    createdAt,
    company,
    emailVerified: user.emailVerifiedAt !== null,
    scanAlertEmails: user.scanAlertEmails,
  };
}
