import { and, desc, eq, gt, inArray, ne, sql, type SQL } from "drizzle-orm";
import { companies, sessions, users } from "#schema/tables.ts";
import type { PublicUser } from "#schema/responses/index.ts";
import type { Database, Queryable, Transaction } from "#worker/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { randomToken, sha256Hex } from "#worker/lib/random.ts";
import { SESSION_TTL_SECONDS, signSessionToken } from "#worker/lib/tokens.ts";
import { retireEmailTokens } from "./email-tokens";

/** The signed-in user as every route sees it: the public view, plus the session and when the email was confirmed. */
export interface AuthenticatedUser extends Omit<
  PublicUser,
  "emailVerified" | "secondFactor" | "company" | "createdAt" | "deletionDueAt"
> {
  createdAt: Date;
  /** When the account is erased, as the user asked; null unless they did. */
  deletionDueAt: Date | null;
  /** When the user proved they own their email; codes can be issued only after that. */
  emailVerifiedAt: Date | null;
  sessionId: string;
  /** When this session proved a second factor; null for a password alone. */
  secondFactorAt: Date | null;
  /** When the user set up an authenticator app; null while there is none. */
  totpEnabledAt: Date | null;
  /** Whether the user has a passkey. */
  hasPasskey: boolean;
  company:
    | (Omit<NonNullable<PublicUser["company"]>, "closureDueAt"> & {
        closureDueAt: Date | null;
        requireSecondFactor: boolean;
      })
    | null;
}

/**
 * A session ends after this long without a request, on top of its absolute lifetime: an
 * administrator's sooner, since their session can change every firm's standing.
 */
const IDLE_MINUTES = { admin: 30, user: 12 * 60 } as const;
/** A constant interval written into the statement (a bound parameter would arrive as text). */
const minutes = (count: number) => sql.raw(`interval '${Math.trunc(count)} minutes'`);
/** A session's last use is written at most this often, not on every request. */
const LAST_USE_PRECISION = sql`interval '1 minute'`;

/** What a new session records: the browser, the coarse place, whether a second factor was proved. */
export interface SessionDetails {
  userAgent?: string | null;
  place?: string | null;
  secondFactor?: boolean;
}

export async function startSession(
  db: Database,
  secret: string,
  user: { id: number },
  details: SessionDetails,
): Promise<{ token: string; sessionId: string }> {
  const sessionId = randomToken(32);
  await db.insert(sessions).values({
    sid: sessionId,
    userId: user.id,
    sess: {
      userAgent: details.userAgent?.slice(0, 200) ?? null,
      place: details.place ?? null,
      createdAt: new Date().toISOString(),
    },
    expire: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    secondFactorAt: details.secondFactor ? sql`now()` : null,
  });
  return { token: await signSessionToken(secret, { userId: user.id, sessionId }), sessionId };
}

/**
 * Whether the user in the query's row has a passkey. Written with qualified names: drizzle leaves
 * columns unqualified in a single-table select, where "id" would then name the passkey's own.
 */
export const hasPasskey = () =>
  sql<boolean>`exists (select 1 from "passkeys" where "passkeys"."user_id" = "users"."id")`;

/** A user as screens show them; never the password hash. */
export const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  companyId: users.companyId,
  scanAlertEmails: users.scanAlertEmails,
  createdAt: users.createdAt,
};

export interface SessionClaims {
  userId: number;
  sessionId: string;
}

/**
 * The conditions of a live session: it exists, is unexpired, has been used within its idle limit,
 * and its user is active.
 */
const liveSession = (claims: SessionClaims) =>
  and(
    eq(sessions.sid, claims.sessionId),
    eq(sessions.userId, claims.userId),
    gt(sessions.expire, sql`now()`),
    gt(
      sessions.lastUsedAt,
      sql`now() - case when ${users.role} = 'admin' then ${minutes(IDLE_MINUTES.admin)} else ${minutes(IDLE_MINUTES.user)} end`,
    ),
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
      totpEnabledAt: users.totpEnabledAt,
      hasPasskey: hasPasskey(),
      secondFactorAt: sessions.secondFactorAt,
      lastUseStale: sql<boolean>`${sessions.lastUsedAt} < now() - ${LAST_USE_PRECISION}`,
      company: {
        id: companies.id,
        name: companies.name,
        ownerId: companies.ownerId,
        isActive: companies.isActive,
        kind: companies.kind,
        closureDueAt: companies.closureDueAt,
        requireSecondFactor: companies.requireSecondFactor,
      },
      deletionDueAt: users.deletionDueAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(liveSession(claims))
    .limit(1);
}

type SessionUserRow = Awaited<ReturnType<typeof sessionUserQuery>>[number];

/** The signed-in user of the session query's rows, and whether the session's last use should be written. */
export function toAuthenticatedUser(
  rows: SessionUserRow[],
  claims: SessionClaims,
): { user: AuthenticatedUser; lastUseStale: boolean } | null {
  const [row] = rows;
  if (!row) return null;
  const { lastUseStale, ...user } = row;
  return {
    user: { ...user, company: user.company?.id ? user.company : null, sessionId: claims.sessionId },
    lastUseStale,
  };
}

export async function loadSessionUser(db: Database, claims: SessionClaims) {
  return toAuthenticatedUser(await sessionUserQuery(db, claims), claims);
}

/** Renews the session's idle limit: its last use is now. */
export async function touchSession(db: Database, sessionId: string) {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(sessions.sid, sessionId));
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

/**
 * Ends what rode on the old password: every session (but the one that made the change, when the
 * user changed it while signed in) and every emailed link still outstanding, so an email change
 * someone requested with the old password can no longer take the account.
 */
export async function endOutstandingAccess(tx: Transaction, userId: number, keepSessionId?: string) {
  await endSessions(tx, [userId], keepSessionId ? { except: keepSessionId } : {});
  await retireEmailTokens(tx, userId);
}

/** The handle a session is shown and ended by: not its id, which is part of the signed token. */
const sessionHandle = async (sessionId: string) => (await sha256Hex(`session-handle:${sessionId}`)).slice(0, 24);

/** The user's live sessions, most recently used first, for Profile → Security. */
export async function listSessions(db: Database, userId: number, currentSessionId: string) {
  const rows = await db
    .select({
      sid: sessions.sid,
      sess: sessions.sess,
      lastUsedAt: sessions.lastUsedAt,
      secondFactorAt: sessions.secondFactorAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expire, sql`now()`)))
    .orderBy(desc(sessions.lastUsedAt));
  return Promise.all(
    rows.map(async (row) => {
      const details = row.sess as { userAgent?: string | null; place?: string | null; createdAt?: string };
      return {
        id: await sessionHandle(row.sid),
        device: describeDevice(details.userAgent ?? ""),
        place: details.place ?? null,
        createdAt: new Date(details.createdAt ?? row.lastUsedAt),
        lastUsedAt: row.lastUsedAt,
        current: row.sid === currentSessionId,
        secondFactor: row.secondFactorAt !== null,
      };
    }),
  );
}

/** Ends one of the user's sessions by its handle; false when the user has no such session. */
export async function endSessionByHandle(db: Database, userId: number, handle: string): Promise<boolean> {
  const rows = await db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.userId, userId));
  for (const row of rows) {
    if ((await sessionHandle(row.sid)) === handle) {
      await endSession(db, row.sid);
      return true;
    }
  }
  return false;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** "Chrome on Android": the browser and system a session's User-Agent names, in words. */
export function describeDevice(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}

/** Starts a session and answers as /api/register and /api/login do: `{ token, user }`. */
export async function signedInResponse(db: Database, secret: string, userId: number, details: SessionDetails = {}) {
  const { token, sessionId } = await startSession(db, secret, { id: userId }, details);
  const signedIn = await loadSessionUser(db, { userId, sessionId });
  if (!signedIn) throw new ApiError(500, "Session could not be started");
  return { token, user: publicUser(signedIn.user) };
}

/** The public view of a user: never the password hash. */
export function publicUser(user: Omit<AuthenticatedUser, "sessionId">) {
  const { id, email, firstName, lastName, role, isActive, companyId, createdAt } = user;
  const company = user.company && {
    id: user.company.id,
    name: user.company.name,
    ownerId: user.company.ownerId,
    isActive: user.company.isActive,
    kind: user.company.kind,
    closureDueAt: user.company.closureDueAt,
  };
  return {
    id,
    email,
    firstName,
    lastName,
    role,
    isActive,
    companyId,
    createdAt,
    company,
    emailVerified: user.emailVerifiedAt !== null,
    scanAlertEmails: user.scanAlertEmails,
    secondFactor: secondFactorState(user),
    deletionDueAt: user.deletionDueAt,
  };
}

/**
 * Where the user stands with two-step sign-in: whether it is on, whether this session proved it,
 * and whether their role or their company requires it (so the screens can send them to set it up).
 */
export function secondFactorState(user: Omit<AuthenticatedUser, "sessionId">): PublicUser["secondFactor"] {
  return {
    enabled: user.totpEnabledAt !== null || user.hasPasskey,
    verified: user.secondFactorAt !== null,
    requiredBy: user.role === "admin" ? "administrator" : user.company?.requireSecondFactor ? "company" : null,
  };
}
