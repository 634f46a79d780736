import { createRoute, z } from "@hono/zod-openapi";
import { messageAnswer, relianceAnswer, relianceCheckAnswer, relianceRecordedAnswer } from "#schema/responses/index.ts";
import {
  type RecordReliance,
  recordRelianceSchema,
  relianceCheckSchema,
  watchCodeSchema,
} from "#schema/validation/reliances.ts";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { queueOutboxAfterResponse } from "../request/after-response";
import { currentCompanyId } from "../request/company";
import { requireActiveCompany, requireCompanyUser, requireLenderOrganisation, requireUser } from "../middleware/auth";
import { requestLetter } from "../services/lenders/reliance-letters";
import { checkReliance, lenderReliances, recordReliance } from "../services/lenders/reliances";
import { type Lender } from "../services/lenders/relied-codes";
import { Outbox } from "../services/integration/webhooks";
import { spendTypedCodeBudget } from "../middleware/rate-limit";
import { documentedRoutes, jsonAnswer, jsonBody } from "./contract";

/**
 * Records the reliance, then tells whom it concerns once it has committed (the earlier lenders and
 * the issuer, when another institution already relied): the app's and the API's recording.
 */
export async function recordAndTell(c: Context<AppEnv>, lender: Lender, input: RecordReliance) {
  const outbox = new Outbox();
  const recorded = await recordReliance(c.var.transactional(), outbox, c.var.config.WEBHOOK_SECRET_KEY, lender, input);
  queueOutboxAfterResponse(c, outbox);
  return recorded;
}

const checkBeforeRelying = createRoute({
  method: "post",
  path: "/check",
  middleware: [requireUser, requireCompanyUser, requireLenderOrganisation, requireActiveCompany] as const,
  request: jsonBody(relianceCheckSchema),
  responses: { 200: jsonAnswer(relianceCheckAnswer, "The valuation and what the lender should know first") },
});

const record = createRoute({
  method: "post",
  path: "/",
  middleware: [requireUser, requireCompanyUser, requireLenderOrganisation, requireActiveCompany] as const,
  request: jsonBody(recordRelianceSchema),
  responses: { 201: jsonAnswer(relianceRecordedAnswer, "The reliance recorded, and the warnings as they stood") },
});

const list = createRoute({
  method: "get",
  path: "/",
  middleware: [requireUser, requireCompanyUser, requireLenderOrganisation] as const,
  responses: { 200: jsonAnswer(z.array(relianceAnswer), "The lender's reliances, newest first") },
});

const askForLetter = createRoute({
  method: "post",
  path: "/letters",
  middleware: [requireUser, requireCompanyUser, requireLenderOrganisation, requireActiveCompany] as const,
  request: jsonBody(watchCodeSchema),
  responses: { 201: jsonAnswer(messageAnswer, "The issuer is asked; the lender watches the code") },
});

/**
 * A lender's reliance on valuations (/api/reliances): check a code first (its standing and the
 * warnings), then record the loan that relies on it, or ask the issuer for a reliance letter when
 * the valuation is addressed to another institution. Any member of a verified lender may do these;
 * a valuation firm may not, and no answer names another lender.
 */
export const relianceRoutes = documentedRoutes()
  .openapi(checkBeforeRelying, async (c) => {
    const lender = { companyId: currentCompanyId(c), userId: c.var.user.id };
    await spendTypedCodeBudget(c, c.req.valid("json").code);
    return c.json(await checkReliance(c.var.db, lender, c.req.valid("json").code), 200);
  })
  .openapi(record, async (c) => {
    const lender = { companyId: currentCompanyId(c), userId: c.var.user.id };
    await spendTypedCodeBudget(c, c.req.valid("json").code);
    return c.json(await recordAndTell(c, lender, c.req.valid("json")), 201);
  })
  .openapi(list, async (c) => c.json(await lenderReliances(c.var.db, currentCompanyId(c)), 200))
  .openapi(askForLetter, async (c) => {
    const lender = { companyId: currentCompanyId(c), userId: c.var.user.id };
    await spendTypedCodeBudget(c, c.req.valid("json").code);
    const outbox = new Outbox();
    const answer = await requestLetter(c.var.transactional(), outbox, lender, c.req.valid("json").code);
    queueOutboxAfterResponse(c, outbox);
    return c.json(answer, 201);
  });
