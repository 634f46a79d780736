import { Hono } from "hono";
import {
  activeStatusSchema,
  ADMIN_PAGE_SIZE,
  adminListQuerySchema,
  bulkUserDeleteSchema,
  bulkUserStatusSchema,
} from "../../../schema/validation/admin";
import type { AdminUser } from "../../../schema/responses";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { listOrPage } from "../../lib/pagination";
import { parseId, validate } from "../../lib/validation";
import { countUsers, deleteUsers, selectUsers, setUsersActive, userSearch } from "../../services/users";

const USER_NOT_FOUND = "User not found";

/** "1 user deleted", "3 users deactivated": the admin screen's toast shows this text as it is. */
function usersChangedMessage(count: number, outcome: string) {
  return `${count} ${count === 1 ? "user" : "users"} ${outcome}`;
}

/** /api/admin/users: the platform's users, and activating, deactivating and deleting them. */
export const adminUserRoutes = new Hono<AppEnv>()
  .get("/", validate("query", adminListQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const where = userSearch(query.search);
    return c.json(
      await listOrPage<AdminUser>(
        query,
        ADMIN_PAGE_SIZE.default,
        (range) => selectUsers(c.var.db, where, range),
        () => countUsers(c.var.db, where),
      ),
    );
  })
  .patch("/bulk-status", validate("json", bulkUserStatusSchema), async (c) => {
    const { userIds, isActive } = c.req.valid("json");
    const { changed } = await setUsersActive(c.var.transactional(), c.var.user, userIds, isActive);
    return c.json({ message: usersChangedMessage(changed, isActive ? "activated" : "deactivated"), updated: changed });
  })
  .patch("/:id/status", validate("json", activeStatusSchema), async (c) => {
    const userId = parseId(c.req.param("id"), USER_NOT_FOUND);
    const { isActive } = c.req.valid("json");
    const { found } = await setUsersActive(c.var.transactional(), c.var.user, [userId], isActive);
    if (found === 0) throw notFound(USER_NOT_FOUND);
    return c.json({ message: isActive ? "User activated" : "User deactivated", user: { id: userId, isActive } });
  })
  // Registered before /:id so "bulk-delete" is never read as an id.
  .delete("/bulk-delete", validate("json", bulkUserDeleteSchema), async (c) => {
    const { userIds } = c.req.valid("json");
    const { changed } = await deleteUsers(c.var.transactional(), c.var.user, userIds);
    return c.json({ message: usersChangedMessage(changed, "deleted"), deleted: changed });
  })
  .delete("/:id", async (c) => {
    const userId = parseId(c.req.param("id"), USER_NOT_FOUND);
    const { found } = await deleteUsers(c.var.transactional(), c.var.user, [userId]);
    if (found === 0) throw notFound(USER_NOT_FOUND);
    return c.json({ message: "User deleted" });
  });
