import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError, COMPANY_DEACTIVATED } from "../lib/errors";
import {
  loadSessionUser,
  sessionCompanyId,
  sessionUserQuery,
  toAuthenticatedUser,
  touchSession,
  type AuthenticatedUser,
  type SessionClaims,
  type SessionDetails,
} from "../services/accounts/sessions";
import type { RelyingParty } from "../services/accounts/passkeys";
import { verifySessionToken } from "../lib/tokens";

const UNAUTHORIZED = "Unauthorized";

/** The credential of an `Authorization: Bearer …` header (a session token, or an API key on /api/v1). */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

async function sessionClaims(c: Context<AppEnv>): Promise<SessionClaims> {
  const token = bearerToken(c.req.header("Authorization"));
  const claims = token ? await verifySessionToken(c.var.config.JWT_SECRET, token) : null;
  if (!claims) throw new ApiError(401, UNAUTHORIZED);
  return claims;
}

/**
 * Signs the session's user in for this request, and renews the session's idle limit when its
 * last use was written more than a minute ago (after the answer, so no request waits for it).
 */
function signIn(c: Context<AppEnv>, signedIn: Awaited<ReturnType<typeof loadSessionUser>>): AuthenticatedUser {
  if (!signedIn) throw new ApiError(401, UNAUTHORIZED);
  if (signedIn.lastUseStale) c.executionCtx.waitUntil(touchSession(c.var.db, signedIn.user.sessionId));
  c.set("user", signedIn.user);
  return signedIn.user;
}

/** Any active, signed-in user with a live session. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  signIn(c, await loadSessionUser(c.var.db, await sessionClaims(c)));
  await next();
});

/**
 * The WebAuthn relying party is the host this request came to: the browser binds a passkey to the
 * host it was made on and reports the page's origin, which must be this one.
 */
export function relyingParty(c: Context<AppEnv>): RelyingParty {
  const url = new URL(c.req.url);
  return { id: url.hostname, origin: url.origin };
}

/** What a new session records of the request that starts it: the browser and the coarse place. */
export function sessionDetails(c: Context<AppEnv>, secondFactor = false): SessionDetails {
  const cf = c.req.raw.cf as { city?: unknown; country?: unknown } | undefined;
  const place = [cf?.city, cf?.country].filter((part) => typeof part === "string" && part).join(", ");
  return { userAgent: c.req.header("User-Agent"), place: place || null, secondFactor };
}

/**
 * A token of ours, checked by its signature alone: the route reads the session in its own round trip
 * with readAsCompanyUser, which makes every check requireUser and requireCompanyUser make.
 */
export const requireSessionToken = createMiddleware<AppEnv>(async (c, next) => {
  c.set("claims", await sessionClaims(c));
  await next();
});

export const ADMIN_NEEDS_SECOND_FACTOR =
  "Administrators sign in with two-step sign-in. Set it up in Profile → Security, or sign in again with your code.";

/**
 * Platform administrators only, checked on the server whatever the client shows, and only in a
 * session that proved a second factor: an administrator's password alone changes no firm's standing.
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.user.role !== "admin")
    throw new ApiError(403, "Access Denied: You don't have permission to access this page.");
  if (!c.var.user.secondFactorAt) throw new ApiError(403, ADMIN_NEEDS_SECOND_FACTOR);
  await next();
});

function assertCompanyUser(user: AuthenticatedUser) {
  if (user.role === "admin") throw new ApiError(403, "Administrators do not belong to a company");
  if (!user.company) throw new ApiError(403, "Your account is not linked to a company");
  if (user.company.requireSecondFactor && !user.secondFactorAt) {
    throw new ApiError(
      403,
      `${user.company.name} requires two-step sign-in. Set it up in Profile → Security, or sign in again with your code.`,
    );
  }
}

/** Company staff (owner or member); admins have no company and are refused. */
export const requireCompanyUser = createMiddleware<AppEnv>(async (c, next) => {
  assertCompanyUser(c.var.user);
  await next();
});

/**
 * A company read in one round trip (after requireSessionToken): the session check and the route's
 * query go to the database as one batch. The query is scoped by the company the database finds for
 * the session (sessionCompanyId), so it reads nobody's rows when the session is not live, and its
 * answer is returned only after the checks of requireUser and requireCompanyUser pass.
 */
export async function readAsCompanyUser<Query extends BatchItem<"pg">>(
  c: Context<AppEnv>,
  query: (companyId: SQL<number>) => Query,
  assertAllowed: (user: AuthenticatedUser) => void = assertCompanyUser,
): Promise<Awaited<Query>> {
  const { db, claims } = c.var;
  const [sessionRows, result] = await db.batch([sessionUserQuery(db, claims), query(sessionCompanyId(claims))]);
  assertAllowed(signIn(c, toAuthenticatedUser(sessionRows, claims)));
  return result as Awaited<Query>;
}

/** The company owner only (valuers, team, company details); the message names what only the owner may do. */
export const requireCompanyOwner = (message = "Only the company owner can do this") =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { user } = c.var;
    if (user.company?.ownerId !== user.id) throw new ApiError(403, message);
    await next();
  });

/** Issuing codes, signing valuers, sealing reports and API keys belong to valuation firms, not lenders. */
function assertIssuerOrganisation(user: AuthenticatedUser) {
  if (user.company?.kind !== "issuer") {
    throw new ApiError(403, "Only a valuation firm can do this. Your organisation relies on valuations.");
  }
}

export const requireIssuerOrganisation = createMiddleware<AppEnv>(async (c, next) => {
  assertIssuerOrganisation(c.var.user);
  await next();
});

/** Recording reliance and watching valuations belong to lenders. */
export const requireLenderOrganisation = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.user.company?.kind !== "lender") {
    throw new ApiError(403, "Only a lender can record reliance on a valuation or watch one.");
  }
  await next();
});

/** A company deactivated by an administrator keeps read access but can change nothing. */
function assertActiveCompany(user: AuthenticatedUser) {
  if (!user.company?.isActive) throw new ApiError(403, COMPANY_DEACTIVATED);
}

export const requireActiveCompany = createMiddleware<AppEnv>(async (c, next) => {
  assertActiveCompany(c.var.user);
  await next();
});

/**
 * Acting beyond one's own account needs a confirmed email: issuing codes (a certificate names its
 * issuer), inviting people, pointing a webhook anywhere, changing an email. Anyone can register
 * with someone else's address, so until the address is proven the account acts on nothing outside
 * itself, and the message names what the user tried to do.
 */
export function assertConfirmedEmail(user: AuthenticatedUser, action: string) {
  if (!user.emailVerifiedAt) {
    throw new ApiError(
      403,
      `Confirm your email to ${action}: follow the link we sent to ${user.email}, or ask for a new one.`,
    );
  }
}

const ISSUING = "issue codes";

export const requireConfirmedEmail = (action = ISSUING) =>
  createMiddleware<AppEnv>(async (c, next) => {
    assertConfirmedEmail(c.var.user, action);
    await next();
  });

/**
 * Issuing a code, checked after the session is read with the issue (readAsCompanyUser): the same
 * checks, in the same order, as requireUser, requireCompanyUser, requireIssuerOrganisation,
 * requireActiveCompany and requireConfirmedEmail().
 */
export function assertMayIssue(user: AuthenticatedUser) {
  assertCompanyUser(user);
  assertIssuerOrganisation(user);
  assertActiveCompany(user);
  assertConfirmedEmail(user, ISSUING);
}
