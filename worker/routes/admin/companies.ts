import { createRoute, z } from "@hono/zod-openapi";
import { queueEmails, queueOutboxAfterResponse } from "#worker/request/after-response.ts";
import { Outbox } from "#worker/services/integration/webhooks.ts";
import { recordSigning } from "#worker/request/record-signing.ts";
import {
  activeStatusSchema,
  ADMIN_PAGE_SIZE,
  adminCompanyListQuerySchema,
  companyCreditsSchema,
  companyVerificationSchema,
  resetPasswordSchema,
} from "#schema/validation/admin.ts";
import {
  adminCompanyAnswer,
  adminCompanyDetailsAnswer,
  companyCreditsChangedAnswer,
  companyStatusChangedAnswer,
  companyVerificationChangedAnswer,
  messageAnswer,
  pageAnswer,
} from "#schema/responses/index.ts";
import { hashPassword } from "#worker/lib/passwords.ts";
import { listOrPage } from "#worker/lib/pagination.ts";
import { parseId } from "#worker/lib/validation.ts";
import {
  companySearch,
  countCompanies,
  decideCompanyVerification,
  loadCompanyDetails,
  resetOwnerPassword,
  selectCompanies,
  setCompanyActive,
} from "#worker/services/companies/admin-companies.ts";
import { COMPANY_NOT_FOUND } from "#worker/services/companies/companies.ts";
import { adminChangeCredits } from "#worker/services/billing/credits.ts";
import { documentedRoutes, jsonAnswer, jsonBody, rowIdParam } from "../contract";

const listCompanies = createRoute({
  method: "get",
  path: "/",
  request: { query: adminCompanyListQuerySchema },
  responses: {
    200: jsonAnswer(
      z.union([z.array(adminCompanyAnswer), pageAnswer(adminCompanyAnswer)]),
      "Every company (or with `page`, one page and the total)",
    ),
  },
});

/** /api/admin/companies-detailed: every company with its owner's email and counts; `verification` filters the review queue. */
export const adminCompanyListRoutes = documentedRoutes().openapi(listCompanies, async (c) => {
  const query = c.req.valid("query");
  const where = companySearch(query.search, query.verification);
  return c.json(
    await listOrPage(
      query,
      ADMIN_PAGE_SIZE.default,
      (range) => selectCompanies(c.var.db, where, range),
      () => countCompanies(c.var.db, where),
    ),
    200,
  );
});

const companyDetails = createRoute({
  method: "get",
  path: "/{id}/details",
  request: { params: rowIdParam },
  responses: { 200: jsonAnswer(adminCompanyDetailsAnswer, "The company, its newest codes, valuers and identities") },
});

const setStatus = createRoute({
  method: "patch",
  path: "/{id}/status",
  request: { params: rowIdParam, ...jsonBody(activeStatusSchema) },
  responses: { 200: jsonAnswer(companyStatusChangedAnswer, '"Company activated" or "Company deactivated"') },
});

const changeCredits = createRoute({
  method: "post",
  path: "/{id}/credits",
  request: { params: rowIdParam, ...jsonBody(companyCreditsSchema) },
  responses: { 200: jsonAnswer(companyCreditsChangedAnswer, "The change written to the firm's ledger") },
});

const resetPassword = createRoute({
  method: "patch",
  path: "/{id}/reset-password",
  request: { params: rowIdParam, ...jsonBody(resetPasswordSchema) },
  responses: { 200: jsonAnswer(messageAnswer, "The owner's password is replaced") },
});

const decideVerification = createRoute({
  method: "patch",
  path: "/{id}/verification",
  request: { params: rowIdParam, ...jsonBody(companyVerificationSchema) },
  responses: { 200: jsonAnswer(companyVerificationChangedAnswer, "The decision as stored") },
});

/** /api/admin/companies/:id/…: one company's details, activation, identity verification and the owner's password. */
export const adminCompanyRoutes = documentedRoutes()
  .openapi(companyDetails, async (c) =>
    c.json(await loadCompanyDetails(c.var.db, parseId(c.req.valid("param").id, COMPANY_NOT_FOUND)), 200),
  )
  .openapi(setStatus, async (c) => {
    const companyId = parseId(c.req.valid("param").id, COMPANY_NOT_FOUND);
    const { isActive } = c.req.valid("json");
    const outbox = new Outbox();
    const company = await setCompanyActive(c.var.transactional(), outbox, c.var.user, companyId, isActive);
    queueOutboxAfterResponse(c, outbox);
    return c.json(
      {
        message: isActive ? "Company activated" : "Company deactivated",
        company: { id: company.id, isActive: company.isActive },
      },
      200,
    );
  })
  // Grants (or, negative, reverses) a valuation firm's credits with a reason, told to its owner.
  .openapi(changeCredits, async (c) => {
    const companyId = parseId(c.req.valid("param").id, COMPANY_NOT_FOUND);
    const change = c.req.valid("json");
    const changed = await adminChangeCredits(c.var.transactional(), c.var.user, companyId, change);
    queueEmails(c, [
      {
        kind: "credits-changed",
        to: changed.ownerEmail,
        companyName: changed.name,
        credits: change.credits,
        reason: change.reason,
        balance: changed.balance,
      },
    ]);
    const count = Math.abs(change.credits);
    return c.json(
      {
        message: `${count} credit${count === 1 ? "" : "s"} ${changed.kind === "grant" ? "granted" : "reversed"}`,
        balance: changed.balance,
      },
      200,
    );
  })
  .openapi(resetPassword, async (c) => {
    const companyId = parseId(c.req.valid("param").id, COMPANY_NOT_FOUND);
    // Hashing is slow on purpose; it happens before the transaction so no rows stay locked meanwhile.
    const passwordHash = await hashPassword(c.req.valid("json").password, c.var.config.PASSWORD_HASHING);
    const ended = await resetOwnerPassword(c.var.transactional(), c.var.user, companyId, passwordHash);
    if (ended) queueEmails(c, [ended]);
    return c.json({ message: "Password reset successfully" }, 200);
  })
  .openapi(decideVerification, async (c) => {
    const companyId = parseId(c.req.valid("param").id, COMPANY_NOT_FOUND);
    const decision = c.req.valid("json");
    const { company, email } = await decideCompanyVerification(
      c.var.transactional(),
      await recordSigning(c),
      c.var.user,
      companyId,
      decision,
    );
    // The owner hears of the decision and what it means for the codes already issued.
    if (email) queueEmails(c, [email]);
    return c.json({ message: decision.verified ? "Company verified" : "Company not verified", company }, 200);
  });
