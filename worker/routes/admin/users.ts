import { desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { companies, users } from "../../../schema/tables";
import {
  activeStatusSchema,
  adminListQuerySchema,
  bulkUserDeleteSchema,
  bulkUserStatusSchema,
} from "../../../schema/validation/admin";
import type { Database } from "../../db";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { deleteUsers, setUsersActive } from "../../lib/user-administration";
import { parseId, validate } from "../../lib/validation";
import { containsPattern, listOrPage, type PageRange } from "./listing";

const USER_NOT_FOUND = "User not found";

/** Every column a screen may show, and the company the user belongs to; never the password hash. */
const userRow = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  profileImageUrl: users.profileImageUrl,
  companyId: users.companyId,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  company: { id: companies.id, name: companies.name },
};

function userSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern));
}

function selectUsers(db: Database, where: SQL | undefined, range?: PageRange) {
  const query = db
    .select(userRow)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .$dynamic();
  return range ? query.limit(range.limit).offset(range.offset) : query;
}

async function countUsers(db: Database, where: SQL | undefined) {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(where);
  return row?.total ?? 0;
}

/** "1 user deleted", "3 users deactivated": the toast shows this text as-is (SPEC 8). */
function usersChangedMessage(count: number, outcome: string) {
  return `${count} ${count === 1 ? "user" : "users"} ${outcome}`;
}

export const adminUserRoutes = new Hono<AppEnv>()
  .get("/users", validate("query", adminListQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const where = userSearch(query.search);
    return c.json(
      await listOrPage(
        query,
        (range) => selectUsers(c.var.db, where, range),
        () => countUsers(c.var.db, where),
      ),
    );
  })
  .patch("/users/bulk-status", validate("json", bulkUserStatusSchema), async (c) => {
    const { userIds, isActive } = c.req.valid("json");
    const { changed } = await c.var.db.transaction((tx) => setUsersActive(tx, c.var.user, userIds, isActive));
    return c.json({ message: usersChangedMessage(changed, isActive ? "activated" : "deactivated"), updated: changed });
  })
  .patch("/users/:id/status", validate("json", activeStatusSchema), async (c) => {
    const userId = parseId(c.req.param("id"), USER_NOT_FOUND);
    const { isActive } = c.req.valid("json");
    const { found } = await c.var.db.transaction((tx) => setUsersActive(tx, c.var.user, [userId], isActive));
    if (found === 0) throw notFound(USER_NOT_FOUND);
    return c.json({ message: isActive ? "User activated" : "User deactivated", user: { id: userId, isActive } });
  })
  // Registered before /users/:id so "bulk-delete" is never read as an id.
  .delete("/users/bulk-delete", validate("json", bulkUserDeleteSchema), async (c) => {
    const { userIds } = c.req.valid("json");
    const { changed } = await c.var.db.transaction((tx) => deleteUsers(tx, c.var.user, userIds));
    return c.json({ message: usersChangedMessage(changed, "deleted"), deleted: changed });
  })
  .delete("/users/:id", async (c) => {
    const userId = parseId(c.req.param("id"), USER_NOT_FOUND);
    const { found } = await c.var.db.transaction((tx) => deleteUsers(tx, c.var.user, [userId]));
    if (found === 0) throw notFound(USER_NOT_FOUND);
    return c.json({ message: "User deleted" });
  });
