import { createRoute } from "@hono/zod-openapi";
import { codeRelianceAnswer } from "#schema/responses/index.ts";
import { letterDecisionSchema } from "#schema/validation/reliances.ts";
import { queueOutboxAfterResponse } from "#worker/request/after-response.ts";
import { currentCompanyId } from "#worker/request/company.ts";
import { requireActiveCompany, requireCompanyOwner, requireCompanyUser, requireUser } from "#worker/middleware/auth.ts";
import { codeReliance, grantOrRefuseLetter } from "#worker/services/lenders/reliance-letters.ts";
import { Outbox } from "#worker/services/integration/webhooks.ts";
import { documentedRoutes, jsonAnswer, jsonBody, rowIdParam, textParams } from "../contract";

const reliance = createRoute({
  method: "get",
  path: "/{id}/reliance",
  middleware: [requireUser, requireCompanyUser] as const,
  request: { params: rowIdParam },
  responses: { 200: jsonAnswer(codeRelianceAnswer, "How many institutions rely on the code, and the letter requests") },
});

const decide = createRoute({
  method: "post",
  path: "/{id}/reliance-letters/{letterId}",
  middleware: [
    requireUser,
    requireCompanyUser,
    requireCompanyOwner("Only the company owner can answer a reliance-letter request"),
    requireActiveCompany,
  ] as const,
  request: {
    params: textParams("id", "letterId"),
    ...jsonBody(letterDecisionSchema),
  },
  responses: { 200: jsonAnswer(codeRelianceAnswer, "The code's reliance after the answer") },
});

/**
 * A code's reliance as its firm sees it (/api/qr-codes/:id/reliance…): the number of institutions
 * relying on it, never which, and the reliance-letter requests, which the owner grants or declines.
 */
export const codeRelianceRoutes = documentedRoutes()
  .openapi(reliance, async (c) =>
    c.json(await codeReliance(c.var.db, currentCompanyId(c), c.req.valid("param").id), 200),
  )
  .openapi(decide, async (c) => {
    const { id, letterId } = c.req.valid("param");
    const outbox = new Outbox();
    await grantOrRefuseLetter(
      c.var.transactional(),
      outbox,
      c.var.user.id,
      currentCompanyId(c),
      id,
      letterId,
      c.req.valid("json"),
    );
    queueOutboxAfterResponse(c, outbox);
    return c.json(await codeReliance(c.var.db, currentCompanyId(c), id), 200);
  });
