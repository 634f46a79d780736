import { createRoute } from "@hono/zod-openapi";
import { v1BalanceSchema } from "#schema/api-v1.ts";
import { keyCompanyId, requireApiKeyScope } from "#worker/middleware/api-key.ts";
import { creditBalance } from "#worker/services/billing/credits.ts";
import { documentedRoutes, jsonAnswer } from "../contract";
import { KEY_ERRORS, KEY_SECURITY } from "./documented";

const getBalance = createRoute({
  method: "get",
  path: "/balance",
  tags: ["Codes"],
  summary: "Read the firm's code credits",
  description:
    "Each code issued costs one credit, taken when it is issued; without one, POST /api/v1/codes answers 402 payment_required.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("codes:write")] as const,
  responses: { 200: jsonAnswer(v1BalanceSchema, "The balance"), ...KEY_ERRORS },
});

/** /api/v1/billing: what an issuing integration needs to know before it issues. */
export const v1BillingRoutes = documentedRoutes().openapi(getBalance, async (c) =>
  c.json({ balance: await creditBalance(c.var.db, keyCompanyId(c)) }, 200),
);
