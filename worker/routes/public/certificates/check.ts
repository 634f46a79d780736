import { createRoute } from "@hono/zod-openapi";
import { queueOutboxAfterResponse } from "#worker/request/after-response.ts";
import { copyCheckAnswer } from "#schema/responses/index.ts";
import { copyCheckSchema } from "#schema/validation/seals.ts";
import { rateLimitScans } from "#worker/middleware/rate-limit.ts";
import { scanVisit } from "#worker/request/scan-visit.ts";
import { checkCopy } from "#worker/services/records/seals.ts";
import { Outbox } from "#worker/services/integration/webhooks.ts";
import { documentedRoutes, jsonAnswer, jsonBody } from "#worker/routes/contract.ts";
import { tokenParam } from ".";

const checkReportCopy = createRoute({
  method: "post",
  path: "/{token}/check",
  middleware: [rateLimitScans] as const,
  request: { params: tokenParam, ...jsonBody(copyCheckSchema) },
  responses: { 200: jsonAnswer(copyCheckAnswer, "What the copy's fingerprints match") },
});

/**
 * POST /api/public/certificates/:token/check: a copy of a sealed report, checked by its
 * fingerprints (the file stays in the reader's browser). Logged in the code's scan log with its
 * verdict, never counted; it shares the scans' rate limit. A copy that differs from what was sealed
 * is told to the firm's webhooks (seal.check_mismatch).
 */
export const certificateCheckRoutes = documentedRoutes().openapi(checkReportCopy, async (c) => {
  const outbox = new Outbox();
  const check = await checkCopy(c.var.db, c.req.valid("param").token, c.req.valid("json"), await scanVisit(c), outbox);
  queueOutboxAfterResponse(c, outbox);
  return c.json(check, 200, { "Cache-Control": "no-store" });
});
