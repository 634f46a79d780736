import { createRoute } from "@hono/zod-openapi";
import { defaultCurrencyFor } from "#schema/limits/codes.ts";
import { pricingAnswer } from "#schema/responses/index.ts";
import { pricingQuerySchema } from "#schema/validation/billing.ts";
import { currentPrices, shownPrice } from "#worker/services/billing/prices.ts";
import { rateLimitByAddress } from "../../middleware/rate-limit";
import { documentedRoutes, jsonAnswer } from "../contract";

const readPricing = createRoute({
  method: "get",
  path: "/",
  middleware: [rateLimitByAddress("PUBLIC_LIMITER")] as const,
  request: { query: pricingQuerySchema },
  responses: { 200: jsonAnswer(pricingAnswer, "The packs on sale now, with VAT") },
});

/**
 * GET /api/public/pricing: what the landing page's pricing section shows, the same figures the
 * Billing screen charges (KES unless dollars are asked for).
 */
export const pricingRoutes = documentedRoutes().openapi(readPricing, async (c) => {
  const currency = c.req.valid("query").currency ?? defaultCurrencyFor("Africa/Nairobi");
  const packs = await currentPrices(c.var.db, currency, c.var.config.vatRateBasisPoints);
  return c.json({ currency, packs: packs.map(shownPrice) }, 200, { "Cache-Control": "public, max-age=300" });
});
