import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import {
  loadSessionUser,
  sessionCompanyId,
  sessionUserQuery,
  toAuthenticatedUser,
  type AuthenticatedUser,
  type SessionClaims,
} from "../services/sessions";
import { verifySessionToken } from "../lib/tokens";

const UNAUTHORIZED = "Unauthorized";

function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

async function sessionClaims(c: Context<AppEnv>): Promise<SessionClaims> {
  const token = bearerToken(c.req.header("Authorization"));
  const claims = token ? await verifySessionToken(c.var.config.JWT_SECRET, token) : null;
  if (!claims) throw new ApiError(401, UNAUTHORIZED);
  return claims;
}

/** Any active, signed-in user with a live session. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const user = await loadSessionUser(c.var.db, await sessionClaims(c));
  if (!user) throw new ApiError(401, UNAUTHORIZED);
  c.set("user", user);
  await next();
});

/**
 * A token of ours, checked by its signature alone: the route reads the session in its own round trip
 * with readAsCompanyUser, which makes every check requireUser and requireCompanyUser make.
 */
export const requireSessionToken = createMiddleware<AppEnv>(async (c, next) => {
  c.set("claims", await sessionClaims(c));
  await next();
});

/** Platform administrators only: checked on the server, whatever the client shows. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.user.role !== "admin")
    throw new ApiError(403, "Access Denied: You don't have permission to access this page.");
  await next();
});

function assertCompanyUser(user: AuthenticatedUser) {
  if (user.role === "admin") throw new ApiError(403, "Administrators do not belong to a company");
  if (!user.company) throw new ApiError(403, "Your account is not linked to a company");
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
): Promise<Awaited<Query>> {
  const { db, claims } = c.var;
  const [sessionRows, result] = await db.batch([sessionUserQuery(db, claims), query(sessionCompanyId(claims))]);
  const user = toAuthenticatedUser(sessionRows, claims);
  if (!user) throw new ApiError(401, UNAUTHORIZED);
  c.set("user", user);
  assertCompanyUser(user);
  return result as Awaited<Query>;
}

/** The company owner only (valuers, team, company details); the message names what only the owner may do. */
export const requireCompanyOwner = (message = "Only the company owner can do this") =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { user } = c.var;
    if (user.company?.ownerId !== user.id) throw new ApiError(403, message);
    await next();
  });

/** A company deactivated by an administrator keeps read access but can change nothing. */
export const requireActiveCompany = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user.company?.isActive) throw new ApiError(403, "Your company has been deactivated. Contact support.");
  await next();
});

/**
 * Issuing codes needs a confirmed email: a certificate names its issuer, so the person issuing must
 * at least own the address they signed up with.
 */
export const requireConfirmedEmail = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user.emailVerifiedAt) {
    throw new ApiError(
      403,
      `Confirm your email to issue codes: follow the link we sent to ${c.var.user.email}, or ask for a new one.`,
    );
  }
  await next();
});
