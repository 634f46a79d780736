import { createRoute } from "@hono/zod-openapi";
import { adminBillingAnswer } from "#schema/responses/index.ts";
import { newPriceSchema } from "#schema/validation/billing.ts";
import { adminBilling, setPrice } from "#worker/services/billing/admin-billing.ts";
import { documentedRoutes, jsonAnswer, jsonBody } from "../contract";

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

/**
 * /api/admin/billing: the price list with its history, the latest purchases (a pending one over an
 * hour old flagged) and revenue per month and currency; a new price from a day on, audited.
 */
export const adminBillingRoutes = documentedRoutes()
  .openapi(readBilling, async (c) => c.json(await adminBilling(c.var.db), 200))
  .openapi(postPrice, async (c) => {
    await setPrice(c.var.transactional(), c.var.user, c.req.valid("json"));
    return c.json(await adminBilling(c.var.db), 201);
  });
