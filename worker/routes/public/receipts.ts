import { createRoute } from "@hono/zod-openapi";
import { signedReceiptAnswer } from "#schema/responses/index.ts";
import { signedReceipt } from "#worker/services/billing/receipts.ts";
import { rateLimitByAddress } from "../../middleware/rate-limit";
import { documentedRoutes, jsonAnswer, textParams } from "../contract";

const readReceipt = createRoute({
  method: "get",
  path: "/{id}",
  middleware: [rateLimitByAddress("PUBLIC_LIMITER")] as const,
  request: { params: textParams("id") },
  responses: { 200: jsonAnswer(signedReceiptAnswer, "The receipt as issued, and its signature") },
});

/**
 * GET /api/public/receipts/{id}: a receipt's document and signature, for an accountant or an
 * auditor holding the PDF (which prints this address) to check it is genuine and unchanged. The
 * id is unguessable and printed only on the receipt itself.
 */
export const receiptCheckRoutes = documentedRoutes().openapi(readReceipt, async (c) => {
  const { id, document, signature } = await signedReceipt(c.var.db, c.req.valid("param").id);
  return c.json({ id, document, signature }, 200, { "Cache-Control": "private, no-store" });
});
