import { createRoute } from "@hono/zod-openapi";
import { adminBillingAnswer } from "#schema/responses/index.ts";
import { mpesaReviewSchema, newPriceSchema } from "#schema/validation/billing.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { parseId } from "#worker/lib/validation.ts";
import { signerFor } from "#worker/lib/signing.ts";
import { queueEmails } from "#worker/request/after-response.ts";
import { publicOrigin } from "#worker/request/public-origin.ts";
import { adminBilling, setPrice } from "#worker/services/billing/admin-billing.ts";
import { MPESA_REVIEW_NOT_FOUND, settleReviewedPrompt } from "#worker/services/billing/mpesa.ts";
import { documentedRoutes, jsonAnswer, jsonBody, rowIdParam } from "../contract";

const readBilling = createRoute({
  method: "get",
  path: "/",
  responses: { 200: jsonAnswer(adminBillingAnswer, "Prices, recent purchases and revenue") },
});

const postPrice = createRoute({
  method: "post",
  path: "/prices",
  request: jsonBody(newPriceSchema),
  responses: { 201: jsonAnswer(adminBillingAnswer, "The billing overview with the new price in its list") },
});

const reviewMpesaPayment = createRoute({
  method: "post",
  path: "/mpesa/{id}",
  request: { params: rowIdParam, ...jsonBody(mpesaReviewSchema) },
  responses: { 200: jsonAnswer(adminBillingAnswer, "The billing overview, the payment settled") },
});

/**
 * /api/admin/billing: the price list with its history, the latest purchases (a pending one over an
 * hour old flagged) and revenue per month and currency; a new price from a day on, audited; an
 * M-Pesa payment nobody could confirm, settled from the M-Pesa portal (decision 060).
 */
export const adminBillingRoutes = documentedRoutes()
  .openapi(readBilling, async (c) => c.json(await adminBilling(c.var.db), 200))
  .openapi(postPrice, async (c) => {
    await setPrice(c.var.transactional(), c.var.user, c.req.valid("json"));
    return c.json(await adminBilling(c.var.db), 201);
  })
  .openapi(reviewMpesaPayment, async (c) => {
    const payments = c.var.config.payments;
    if (!payments) throw new ApiError(503, "Payments are not set up on this server");
    const signing = { signer: await signerFor(c.var.config.SIGNING_KEY), origin: publicOrigin(c) };
    const emails = await settleReviewedPrompt(
      c.var.transactional(),
      payments,
      signing,
      c.var.user,
      parseId(c.req.valid("param").id, MPESA_REVIEW_NOT_FOUND),
      c.req.valid("json"),
    );
    queueEmails(c, emails);
    return c.json(await adminBilling(c.var.db), 200);
  });
