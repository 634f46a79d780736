import { createRoute } from "@hono/zod-openapi";
import { pageAnswer, titleConflictAnswer } from "#schema/responses/index.ts";
import { paginationQuerySchema } from "#schema/validation/pagination.ts";
import { titleConflictPage } from "#worker/services/codes/title-conflicts.ts";
import { documentedRoutes, jsonAnswer } from "../contract";

const conflicts = createRoute({
  method: "get",
  path: "/",
  request: { query: paginationQuerySchema },
  responses: {
    200: jsonAnswer(pageAnswer(titleConflictAnswer), "Same-title valuations whose values differ, most recent first"),
  },
});

/**
 * /api/admin/title-conflicts: the other side of a lender's same-title warning. The lender is told
 * only that another valuation differs; the administrator sees both valuations and their firms.
 */
export const adminTitleConflictRoutes = documentedRoutes().openapi(conflicts, async (c) =>
  c.json(await titleConflictPage(c.var.db, c.req.valid("query")), 200),
);
