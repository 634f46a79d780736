import { createRoute, z } from "@hono/zod-openapi";
import {
  activeStatusSchema,
  ADMIN_PAGE_SIZE,
  adminListQuerySchema,
  bulkUserDeleteSchema,
  bulkUserStatusSchema,
  secondFactorResetSchema,
} from "#schema/validation/admin.ts";
import {
  adminUserAnswer,
  messageAnswer,
  pageAnswer,
  userStatusChangedAnswer,
  usersDeletedAnswer,
  usersStatusChangedAnswer,
} from "#schema/responses/index.ts";
import { notFound } from "#worker/lib/errors.ts";
import { listOrPage } from "#worker/lib/pagination.ts";
import { parseId } from "#worker/lib/validation.ts";
import { countUsers, selectUsers, setUsersActive, userSearch } from "#worker/services/accounts/users.ts";
import { deleteEvidenceFiles, deleteUsersNow } from "#worker/services/privacy/closing.ts";
import { resetSecondFactorsAfterReview } from "#worker/services/accounts/account-recovery.ts";
import { queueEmails } from "#worker/request/after-response.ts";
import { documentedRoutes, jsonAnswer, jsonBody, rowIdParam } from "../contract";

const USER_NOT_FOUND = "User not found";

/** "1 user deleted", "3 users deactivated": the admin screen's toast shows this text as it is. */
function usersChangedMessage(count: number, outcome: string) {
  return `${count} ${count === 1 ? "user" : "users"} ${outcome}`;
}

const listUsers = createRoute({
  method: "get",
  path: "/",
  request: { query: adminListQuerySchema },
  responses: {
    200: jsonAnswer(
      z.union([z.array(adminUserAnswer), pageAnswer(adminUserAnswer)]),
      "Every user (or with `page`, one page and the total)",
    ),
  },
});

const setManyStatus = createRoute({
  method: "patch",
  path: "/bulk-status",
  request: jsonBody(bulkUserStatusSchema),
  responses: { 200: jsonAnswer(usersStatusChangedAnswer, "How many users changed") },
});

const setStatus = createRoute({
  method: "patch",
  path: "/{id}/status",
  request: { params: rowIdParam, ...jsonBody(activeStatusSchema) },
  responses: { 200: jsonAnswer(userStatusChangedAnswer, '"User activated" or "User deactivated"') },
});

const deleteMany = createRoute({
  method: "delete",
  path: "/bulk-delete",
  request: jsonBody(bulkUserDeleteSchema),
  responses: {
    200: jsonAnswer(
      usersDeletedAnswer,
      "How many users were deleted: their personal data erased and any organisation they own closed with its team; codes already issued stay verifiable",
    ),
  },
});

const deleteOne = createRoute({
  method: "delete",
  path: "/{id}",
  request: { params: rowIdParam },
  responses: {
    200: jsonAnswer(
      messageAnswer,
      "The user is deleted: their personal data erased and any organisation they own closed with its team; its codes stay verifiable",
    ),
  },
});

const resetSecondFactor = createRoute({
  method: "post",
  path: "/{id}/second-factor-reset",
  request: { params: rowIdParam, ...jsonBody(secondFactorResetSchema) },
  responses: { 200: jsonAnswer(messageAnswer, "Every second factor of the user is removed and they are signed out") },
});

/**
 * /api/admin/users: the platform's users; activating, deactivating and deleting them; and the one
 * way back for someone who lost every second factor: a review of identity evidence (decision 048).
 */
export const adminUserRoutes = documentedRoutes()
  .openapi(listUsers, async (c) => {
    const query = c.req.valid("query");
    const where = userSearch(query.search);
    return c.json(
      await listOrPage(
        query,
        ADMIN_PAGE_SIZE.default,
        (range) => selectUsers(c.var.db, where, range),
        () => countUsers(c.var.db, where),
      ),
      200,
    );
  })
  .openapi(setManyStatus, async (c) => {
    const { userIds, isActive } = c.req.valid("json");
    const { changed } = await setUsersActive(c.var.transactional(), c.var.user, userIds, isActive);
    return c.json(
      { message: usersChangedMessage(changed, isActive ? "activated" : "deactivated"), updated: changed },
      200,
    );
  })
  .openapi(setStatus, async (c) => {
    const userId = parseId(c.req.valid("param").id, USER_NOT_FOUND);
    const { isActive } = c.req.valid("json");
    const { found } = await setUsersActive(c.var.transactional(), c.var.user, [userId], isActive);
    if (found === 0) throw notFound(USER_NOT_FOUND);
    return c.json({ message: isActive ? "User activated" : "User deactivated", user: { id: userId, isActive } }, 200);
  })
  // Registered before /{id} so "bulk-delete" is never read as an id.
  .openapi(deleteMany, async (c) => {
    const { userIds } = c.req.valid("json");
    const { changed, files } = await deleteUsersNow(c.var.transactional(), c.var.user, userIds);
    await deleteEvidenceFiles(c.env.EVIDENCE, files);
    return c.json({ message: usersChangedMessage(changed, "deleted"), deleted: changed }, 200);
  })
  .openapi(resetSecondFactor, async (c) => {
    const userId = parseId(c.req.valid("param").id, USER_NOT_FOUND);
    const { evidence } = c.req.valid("json");
    const reset = await c.var
      .transactional()
      .transaction((tx) => resetSecondFactorsAfterReview(tx, c.var.user, userId, evidence));
    if (!reset) throw notFound(USER_NOT_FOUND);
    queueEmails(c, [{ kind: "second-factor-reset", to: reset.email }]);
    return c.json({ message: "Two-step sign-in reset. The user can sign in with their password." }, 200);
  })
  .openapi(deleteOne, async (c) => {
    const userId = parseId(c.req.valid("param").id, USER_NOT_FOUND);
    const { found, files } = await deleteUsersNow(c.var.transactional(), c.var.user, [userId]);
    await deleteEvidenceFiles(c.env.EVIDENCE, files);
    if (found === 0) throw notFound(USER_NOT_FOUND);
    return c.json({ message: "User deleted" }, 200);
  });
