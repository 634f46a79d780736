import { Hono } from "hono";
import { queueOutboxAfterResponse } from "../../request/after-response";
import { reinstateCodeSchema, revokeCodeSchema } from "../../../schema/validation/code-status";
import type { AppEnv } from "../../env";
import { currentCompanyId } from "../../request/company";
import { publicOrigin } from "../../request/public-origin";
import { recordSigning } from "../../request/record-signing";
import { validate } from "../../lib/validation";
import { requireActiveCompany, requireCompanyOwner, requireCompanyUser, requireUser } from "../../middleware/auth";
import { loadCodeStatus, loadStatusEvents, reinstateCode, revokeCode } from "../../services/code-status";
import { findCompanyCode } from "../../services/qr-codes";
import { WebhookOutbox } from "../../services/webhooks";

/** A code's revocation, reinstatement and their history (/api/qr-codes/:id/…). */
export const codeStatusRoutes = new Hono<AppEnv>()
  // No requireActiveCompany here: withdrawing trust in a code is always allowed, even after deactivation.
  .post("/:id/revoke", requireUser, requireCompanyUser, validate("json", revokeCodeSchema), async (c) => {
    const { user, db } = c.var;
    const outbox = new WebhookOutbox();
    const codeId = await revokeCode(
      c.var.transactional(),
      await recordSigning(c),
      outbox,
      user,
      currentCompanyId(c),
      c.req.param("id"),
      c.req.valid("json"),
    );
    queueOutboxAfterResponse(c, outbox);
    return c.json(await loadCodeStatus(db, publicOrigin(c), codeId));
  })
  .post(
    "/:id/reinstate",
    requireUser,
    requireCompanyUser,
    requireCompanyOwner("Only the company owner can reinstate a revoked code"),
    requireActiveCompany,
    validate("json", reinstateCodeSchema),
    async (c) => {
      const { user, db } = c.var;
      const { reason } = c.req.valid("json");
      const outbox = new WebhookOutbox();
      const codeId = await reinstateCode(
        c.var.transactional(),
        await recordSigning(c),
        outbox,
        user.id,
        currentCompanyId(c),
        c.req.param("id"),
        reason,
      );
      queueOutboxAfterResponse(c, outbox);
      return c.json(await loadCodeStatus(db, publicOrigin(c), codeId));
    },
  )
  .get("/:id/status-history", requireUser, requireCompanyUser, async (c) => {
    const { db } = c.var;
    const code = await findCompanyCode(db, currentCompanyId(c), c.req.param("id"));
    const [status, events] = await Promise.all([
      loadCodeStatus(db, publicOrigin(c), code.id),
      loadStatusEvents(db, code.id),
    ]);
    return c.json({ ...status, events });
  });
