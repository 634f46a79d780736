import { createRoute } from "@hono/zod-openapi";
import { queueOutboxAfterResponse } from "#worker/request/after-response.ts";
import { codeConfirmationRequestedAnswer, codeStatusAnswer, codeStatusHistoryAnswer } from "#schema/responses/index.ts";
import { queueEmails } from "#worker/request/after-response.ts";
import { requestCodeConfirmation } from "#worker/services/codes/code-confirmation-requests.ts";
import { reinstateCodeSchema, revokeCodeSchema } from "#schema/validation/code-status.ts";
import { currentCompanyId } from "#worker/request/company.ts";
import { publicOrigin } from "#worker/request/public-origin.ts";
import { recordSigning } from "#worker/request/record-signing.ts";
import { requireActiveCompany, requireCompanyOwner, requireCompanyUser, requireUser } from "#worker/middleware/auth.ts";
import { loadCodeStatus, loadStatusEvents, reinstateCode, revokeCode } from "#worker/services/codes/code-status.ts";
import { findCompanyCode } from "#worker/services/codes/qr-codes.ts";
import { Outbox } from "#worker/services/integration/webhooks.ts";

import { documentedRoutes, jsonAnswer, jsonBody, rowIdParam } from "../contract";

// No requireActiveCompany here: withdrawing trust in a code is always allowed, even after deactivation.
const revoke = createRoute({
  method: "post",
  path: "/{id}/revoke",
  middleware: [requireUser, requireCompanyUser] as const,
  request: { params: rowIdParam, ...jsonBody(revokeCodeSchema) },
  responses: { 200: jsonAnswer(codeStatusAnswer, "The code's state after the revocation") },
});

const reinstate = createRoute({
  method: "post",
  path: "/{id}/reinstate",
  middleware: [
    requireUser,
    requireCompanyUser,
    requireCompanyOwner("Only the company owner can reinstate a revoked code"),
    requireActiveCompany,
  ] as const,
  request: { params: rowIdParam, ...jsonBody(reinstateCodeSchema) },
  responses: { 200: jsonAnswer(codeStatusAnswer, "The code's state after the reinstatement") },
});

const statusHistory = createRoute({
  method: "get",
  path: "/{id}/status-history",
  middleware: [requireUser, requireCompanyUser] as const,
  request: { params: rowIdParam },
  responses: { 200: jsonAnswer(codeStatusHistoryAnswer, "The code's state and every change, newest first") },
});

const confirmationRequest = createRoute({
  method: "post",
  path: "/{id}/confirmation-request",
  middleware: [
    requireUser,
    requireCompanyUser,
    requireCompanyOwner("Only the company owner can ask ValuSeal to confirm a code"),
  ] as const,
  request: { params: rowIdParam },
  responses: {
    200: jsonAnswer(
      codeConfirmationRequestedAnswer,
      "The request, made now or earlier; 409 when the code is not one issued before ValuSeal verified the firm",
    ),
  },
});

/** A code's revocation, reinstatement and their history (/api/qr-codes/:id/…). */
export const codeStatusRoutes = documentedRoutes()
  .openapi(confirmationRequest, async (c) => {
    const asked = await requestCodeConfirmation(c.var.db, c.var.user, currentCompanyId(c), c.req.valid("param").id);
    queueEmails(c, asked.emails);
    return c.json(
      {
        message: asked.alreadyAsked
          ? "You already asked ValuSeal to confirm this code. You will be emailed when it decides."
          : "ValuSeal will check that your firm issued this code. You will be emailed when it decides.",
        requestedAt: asked.requestedAt,
      },
      200,
    );
  })
  .openapi(revoke, async (c) => {
    const { user, db } = c.var;
    const outbox = new Outbox();
    const codeId = await revokeCode(
      c.var.transactional(),
      await recordSigning(c),
      outbox,
      user,
      currentCompanyId(c),
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    queueOutboxAfterResponse(c, outbox);
    return c.json(await loadCodeStatus(db, publicOrigin(c), codeId), 200);
  })
  .openapi(reinstate, async (c) => {
    const { user, db } = c.var;
    const { reason } = c.req.valid("json");
    const outbox = new Outbox();
    const codeId = await reinstateCode(
      c.var.transactional(),
      await recordSigning(c),
      outbox,
      user.id,
      currentCompanyId(c),
      c.req.valid("param").id,
      reason,
    );
    queueOutboxAfterResponse(c, outbox);
    return c.json(await loadCodeStatus(db, publicOrigin(c), codeId), 200);
  })
  .openapi(statusHistory, async (c) => {
    const { db } = c.var;
    const code = await findCompanyCode(db, currentCompanyId(c), c.req.valid("param").id);
    const [status, events] = await Promise.all([
      loadCodeStatus(db, publicOrigin(c), code.id),
      loadStatusEvents(db, code.id),
    ]);
    return c.json({ ...status, events }, 200);
  });
