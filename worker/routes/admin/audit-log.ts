import { Hono } from "hono";
import { auditLogQuerySchema } from "../../../schema/validation/admin";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validation";
import { listAuditLog } from "../../services/audit";

/** /api/admin/audit-log: every administrator's change, newest first, always paged. */
export const adminAuditLogRoutes = new Hono<AppEnv>().get("/", validate("query", auditLogQuerySchema), async (c) => {
  const { page, pageSize } = c.req.valid("query");
  return c.json(await listAuditLog(c.var.db, page, pageSize));
});
