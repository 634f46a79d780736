import { createRoute } from "@hono/zod-openapi";
import { auditLogEntryAnswer, pageAnswer } from "#schema/responses/index.ts";
import { auditLogQuerySchema } from "#schema/validation/admin.ts";
import { listAuditLog } from "#worker/services/companies/audit.ts";
import { documentedRoutes, jsonAnswer } from "../contract";

const auditLog = createRoute({
  method: "get",
  path: "/",
  request: { query: auditLogQuerySchema },
  responses: { 200: jsonAnswer(pageAnswer(auditLogEntryAnswer), "One page of administrators' changes, newest first") },
});

/** /api/admin/audit-log: every administrator's change, newest first, always paged. */
export const adminAuditLogRoutes = documentedRoutes().openapi(auditLog, async (c) => {
  const { page, pageSize } = c.req.valid("query");
  return c.json(await listAuditLog(c.var.db, page, pageSize), 200);
});
