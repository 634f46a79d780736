import { createRoute } from "@hono/zod-openapi";
import { errorBodySchema } from "#schema/api-v1.ts";
import { relianceCheckAnswer, relianceRecordedAnswer } from "#schema/responses/index.ts";
import { recordRelianceSchema, relianceCheckSchema } from "#schema/validation/reliances.ts";
import { assertKeyCompanyActive, requireApiKeyScope } from "#worker/middleware/api-key.ts";
import { checkReliance } from "#worker/services/lenders/reliances.ts";
import { spendTypedCodeBudget } from "#worker/middleware/rate-limit.ts";
import { documentedRoutes, jsonAnswer, jsonBody } from "../contract";
import { recordAndTell } from "../reliances";
import { KEY_ERRORS, KEY_SECURITY } from "./documented";

const RELIANCE_ERRORS = {
  404: jsonAnswer(errorBodySchema, "No valuation has this code"),
  409: jsonAnswer(
    errorBodySchema,
    "The valuation no longer stands (revoked, replaced or expired: the message says which), or this reference's reliance on it is already recorded",
  ),
};

const check = createRoute({
  method: "post",
  path: "/check",
  tags: ["Reliance"],
  summary: "Check a valuation before relying on it",
  description:
    "The valuation named by its verification code (or its QR code's token), its status, and what the lender should know first: addressed to another institution, relied on by another institution, or another valuation of the same title within 6 months that differs by more than 15 %. None of them names the other party. Records nothing.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("reliance:write")] as const,
  request: jsonBody(relianceCheckSchema),
  responses: {
    200: jsonAnswer(relianceCheckAnswer, "The valuation and the warnings"),
    ...RELIANCE_ERRORS,
    ...KEY_ERRORS,
  },
});

const record = createRoute({
  method: "post",
  path: "/",
  tags: ["Reliance"],
  summary: "Record reliance on a valuation",
  description:
    "Records that a loan relies on the valuation, and watches it for the lender. The loan reference is stored only as a keyed hash and answered masked (••••4821); the same reference on the same valuation is refused with 409. Reliance on a revoked, replaced or expired valuation is refused with the reason.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("reliance:write")] as const,
  request: jsonBody(recordRelianceSchema),
  responses: {
    201: jsonAnswer(relianceRecordedAnswer, "The reliance, and the warnings as they stood"),
    ...RELIANCE_ERRORS,
    ...KEY_ERRORS,
  },
});

/** /api/v1/reliances: a lender's software checks a valuation and records its loan's reliance on it. */
export const v1RelianceRoutes = documentedRoutes()
  .openapi(check, async (c) => {
    const caller = c.var.apiKey;
    const lender = { companyId: caller.companyId, userId: caller.userId };
    await spendTypedCodeBudget(c, c.req.valid("json").code);
    return c.json(await checkReliance(c.var.db, lender, c.req.valid("json").code), 200);
  })
  .openapi(record, async (c) => {
    const caller = c.var.apiKey;
    assertKeyCompanyActive(caller);
    const lender = { companyId: caller.companyId, userId: caller.userId };
    await spendTypedCodeBudget(c, c.req.valid("json").code);
    return c.json(await recordAndTell(c, lender, c.req.valid("json")), 201);
  });
