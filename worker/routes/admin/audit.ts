import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { auditLog } from "../../../schema/tables";
import { auditLogQuerySchema } from "../../../schema/validation/admin";
import type { AppEnv } from "../../env";
import { validate } from "../../lib/validation";
import { fetchPage } from "./listing";

export const adminAuditRoutes = new Hono<AppEnv>().get(
  "/audit-log",
  validate("query", auditLogQuerySchema),
  async (c) => {
    const { page, pageSize } = c.req.valid("query");
    const { db } = c.var;
    return c.json(
      await fetchPage(
        page,
        pageSize,
        (range) =>
          db
            .select({
              id: auditLog.id,
              actorEmail: auditLog.actorEmail,
              action: auditLog.action,
              targetType: auditLog.targetType,
              targetId: auditLog.targetId,
              details: auditLog.details,
              createdAt: auditLog.createdAt,
            })
            .from(auditLog)
            .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
            .limit(range.limit)
            .offset(range.offset),
        () => db.$count(auditLog),
      ),
    );
  },
);
