import { and, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { companies, users } from "#schema/tables.ts";
import type { Database, Transaction, Transactional } from "#worker/db.ts";
import { badRequest } from "#worker/lib/errors.ts";
import { containsPattern } from "#worker/lib/like-patterns.ts";
import { countOf, totalColumn, type PageRange } from "#worker/lib/pagination.ts";
import { recordAudit } from "../companies/audit";
import { revokeKeysMadeBy } from "../integration/api-keys";
import { endSessions, userColumns } from "./sessions";

/**
 * Activation, deactivation and deletion of users by an administrator. Each runs in one
 * transaction (a savepoint when given one), so the change, its guards, the ended sessions and the
 * audit rows are one unit: a failure anywhere leaves every row as it was.
 */

interface Actor {
  id: number;
  email: string;
}

export type Removal = "deactivate" | "delete";

const LAST_ADMIN_MESSAGE: Record<Removal, string> = {
  deactivate: "The last active administrator cannot be deactivated",
  delete: "The last active administrator cannot be deleted",
};

export interface UserChangeResult {
  /** How many of the requested ids name an existing user. */
  found: number;
  /** How many users were actually changed (already-inactive users are not deactivated again). */
  changed: number;
}

/** The accounts named, erased ones aside: an erased account is gone as far as anyone can act on it. */
function findUsers(tx: Transaction, userIds: number[]) {
  return tx
    .select({ id: users.id, role: users.role, isActive: users.isActive })
    .from(users)
    .where(and(inArray(users.id, userIds), isNull(users.erasedAt)));
}

/**
 * The platform must keep an administrator. The active admin rows are locked so two admins removing
 * each other at the same moment cannot both succeed: the second one re-reads and is refused.
 */
export async function refuseRemovingLastAdmin(tx: Transaction, userIds: number[], removal: Removal) {
  const activeAdmins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)))
    .orderBy(users.id)
    .for("update");
  const remaining = activeAdmins.filter((admin) => !userIds.includes(admin.id));
  if (remaining.length === 0) throw badRequest(LAST_ADMIN_MESSAGE[removal]);
}

export async function refuseUnsafeRemoval(tx: Transaction, actor: Actor, userIds: number[], removal: Removal) {
  if (userIds.includes(actor.id)) throw badRequest(`You cannot ${removal} your own account`);
  const targets = await findUsers(tx, userIds);
  if (targets.some((user) => user.role === "admin" && user.isActive)) {
    await refuseRemovingLastAdmin(tx, userIds, removal);
  }
  return targets;
}

export function setUsersActive(
  db: Transactional,
  actor: Actor,
  userIds: number[],
  isActive: boolean,
): Promise<UserChangeResult> {
  return db.transaction((tx) => setActiveIn(tx, actor, userIds, isActive));
}

async function setActiveIn(
  tx: Transaction,
  actor: Actor,
  userIds: number[],
  isActive: boolean,
): Promise<UserChangeResult> {
  const targets = isActive ? await findUsers(tx, userIds) : await refuseUnsafeRemoval(tx, actor, userIds, "deactivate");
  const changed = await tx
    .update(users)
    // Marked as the administrator's doing: only an administrator brings such an account back.
    .set({ isActive, deactivatedByAdminAt: isActive ? null : sql`now()` })
    .where(and(inArray(users.id, userIds), ne(users.isActive, isActive)))
    .returning({ id: users.id, email: users.email });
  if (!isActive) {
    const ids = changed.map((user) => user.id);
    await endSessions(tx, ids);
    // Ended, not paused: reactivating the account must not bring back a key someone else made.
    await revokeKeysMadeBy(tx, actor, ids, "owner deactivated by an administrator");
  }
  await recordAudit(
    tx,
    actor,
    changed.map((user) => ({
      action: isActive ? "user.activated" : "user.deactivated",
      targetType: "user",
      targetId: user.id,
      details: { email: user.email },
    })),
  );
  return { found: targets.length, changed: changed.length };
}

/** Every column a screen may show, and the company the user belongs to; never the password hash. */
const userRow = {
  ...userColumns,
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
  updatedAt: users.updatedAt,
  company: { id: companies.id, name: companies.name },
};

/**
 * The administrator's user list: every account but erased ones (tombstones with no one behind
 * them), narrowed by a search.
 */
export function userSearch(search: string | undefined): SQL | undefined {
  const live = isNull(users.erasedAt);
  if (!search) return live;
  const pattern = containsPattern(search);
  return and(live, or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern)));
}

const countUsersQuery = (db: Database, where: SQL | undefined) =>
  db
    .select({ total: sql<number>`count(*)` })
    .from(users)
    .where(where);

/** Users newest first, each row carrying the total that `where` matches (see pageOfRows). */
export function selectUsers(db: Database, where: SQL | undefined, range?: PageRange) {
  const query = db
    .select({ ...userRow, total: totalColumn(countUsersQuery(db, where)) })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .$dynamic();
  return range ? query.limit(range.limit).offset(range.offset) : query;
}

export const countUsers = (db: Database, where: SQL | undefined) => countOf(countUsersQuery(db, where));
