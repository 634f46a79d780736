import { eq } from "drizzle-orm";
import { queueEmails } from "#worker/request/after-response.ts";
import { companies } from "#schema/tables.ts";
import { teamSecuritySchema } from "#schema/validation/security.ts";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { currentCompanyAnswer, messageAnswer, organisationClosureAnswer } from "#schema/responses/index.ts";
import { organisationClosureSchema } from "#schema/validation/privacy.ts";
import { CLOSING_GRACE_DAYS } from "#schema/limits/privacy.ts";
import { formatDate } from "#schema/format-date.ts";
import {
  companyDetailsSchema,
  companyRegistrationSchema,
  scanAlertSettingsSchema,
} from "#schema/validation/companies.ts";
import type { AppEnv } from "#worker/env.ts";
import { recordSigning } from "#worker/request/record-signing.ts";
import { currentCompanyId } from "#worker/request/company.ts";
import { badRequest } from "#worker/lib/errors.ts";
import {
  assertConfirmedEmail,
  requireActiveCompany,
  requireCompanyOwner,
  requireCompanyUser,
  requireUser,
} from "#worker/middleware/auth.ts";
import { enforceRateLimit } from "#worker/middleware/rate-limit.ts";
import {
  loadCompany,
  updateCompanyDetails,
  updateCompanyRegistration,
  updateScanAlertSettings,
} from "#worker/services/companies/companies.ts";
import { assertCurrentPassword } from "#worker/services/accounts/accounts.ts";
import { firmDataExport, firmExportFileName } from "#worker/services/privacy/data-export.ts";
import { cancelClosure, scheduleClosure } from "#worker/services/privacy/closing.ts";
import { publicOrigin } from "#worker/request/public-origin.ts";
import { documentedRoutes, jsonAnswer, jsonBody } from "../contract";

const COMPANY_EMAIL_NEEDS_PASSWORD = "Enter your current password to change the company email";

/** The owner proves it is them before the company email, part of the verified identity, changes. */
async function requireOwnPassword(c: Context<AppEnv>, password: string | undefined) {
  if (!password) throw badRequest("Validation failed", [`currentPassword: ${COMPANY_EMAIL_NEEDS_PASSWORD}`]);
  await assertCurrentPassword(c.var.db, c.var.user.id, password);
}

const exportFirmData = createRoute({
  method: "get",
  path: "/current/export",
  middleware: [
    requireUser,
    requireCompanyUser,
    requireCompanyOwner("Only the company owner can download all of the firm's data"),
  ] as const,
  responses: {
    200: {
      description:
        "Everything the organisation keeps with ValuSeal as one ZIP, streamed: its details, team, valuers, codes with their signed record files, daily scan counts, webhooks and API keys (no secrets), credit ledger, receipts and audit log (README.txt inside lists the files). Counts against the company's ten exports a minute.",
      headers: z.object({ "Content-Disposition": z.string() }),
      content: { "application/zip": { schema: z.string().meta({ format: "binary" }) } },
    },
  },
});

const ONLY_OWNER_CLOSES = "Only the owner can close the organisation";
const NAME_DOES_NOT_MATCH = "That is not the organisation's name";

const requestClosure = createRoute({
  method: "post",
  path: "/current/closure",
  middleware: [requireUser, requireCompanyUser, requireCompanyOwner(ONLY_OWNER_CLOSES)] as const,
  request: jsonBody(organisationClosureSchema),
  responses: {
    202: jsonAnswer(
      organisationClosureAnswer,
      `The organisation closes on closureDueAt (${CLOSING_GRACE_DAYS} days on) unless its owner undoes it; every member is emailed. Then sign-in ends for all, keys and webhooks are revoked and the team's personal data is erased; codes already issued stay verifiable and say when the issuer's account closed.`,
    ),
  },
});

const undoClosure = createRoute({
  method: "delete",
  path: "/current/closure",
  middleware: [requireUser, requireCompanyUser, requireCompanyOwner(ONLY_OWNER_CLOSES)] as const,
  responses: { 200: jsonAnswer(messageAnswer, "The closure is called off (nothing happens if none was asked for)") },
});

const readCompany = createRoute({
  method: "get",
  path: "/current",
  middleware: [requireUser, requireCompanyUser] as const,
  responses: { 200: jsonAnswer(currentCompanyAnswer, "The company") },
});

const updateDetails = createRoute({
  method: "put",
  path: "/current",
  middleware: [
    requireUser,
    requireCompanyUser,
    requireCompanyOwner("Only the company owner can edit company details"),
    requireActiveCompany,
  ] as const,
  request: jsonBody(companyDetailsSchema),
  responses: {
    200: jsonAnswer(currentCompanyAnswer, "The company as changed (a new email waits for its confirmation)"),
  },
});

const updateRegistration = createRoute({
  method: "put",
  path: "/current/registration",
  middleware: [
    requireUser,
    requireCompanyUser,
    requireCompanyOwner("Only the company owner can edit the company's registration"),
    requireActiveCompany,
  ] as const,
  request: jsonBody(companyRegistrationSchema),
  responses: { 200: jsonAnswer(currentCompanyAnswer, "The company as changed") },
});

const updateScanAlerts = createRoute({
  method: "put",
  path: "/current/scan-alerts",
  middleware: [
    requireUser,
    requireCompanyUser,
    requireCompanyOwner("Only the company owner can choose how scans are alerted"),
  ] as const,
  request: jsonBody(scanAlertSettingsSchema),
  responses: { 200: jsonAnswer(currentCompanyAnswer, "The company as changed") },
});

const updateSecurity = createRoute({
  method: "put",
  path: "/current/security",
  middleware: [
    requireUser,
    requireCompanyUser,
    requireCompanyOwner("Only the company owner can decide how the team signs in"),
  ] as const,
  request: jsonBody(teamSecuritySchema),
  responses: { 200: jsonAnswer(currentCompanyAnswer, "The company as changed") },
});

/** The signed-in user's own company (/api/companies/current). */
export const companyRoutes = documentedRoutes()
  .openapi(readCompany, async (c) => c.json(await loadCompany(c.var.db, currentCompanyId(c)), 200))
  .openapi(updateDetails, async (c) => {
    const companyId = currentCompanyId(c);
    const input = c.req.valid("json");
    const before = await loadCompany(c.var.db, companyId);
    // A new address gets a confirmation email: limited per company and per target address.
    if (before.email.toLowerCase() !== input.email.toLowerCase()) {
      assertConfirmedEmail(c.var.user, "change the company email");
      await requireOwnPassword(c, input.currentPassword);
      await enforceRateLimit(c, "EMAIL_LIMITER", `company-email:${companyId}`);
      await enforceRateLimit(c, "EMAIL_LIMITER", `company-email:${input.email.toLowerCase()}`);
    }
    queueEmails(
      c,
      await updateCompanyDetails(c.var.transactional(), await recordSigning(c), c.var.user, companyId, input),
    );
    return c.json(await loadCompany(c.var.db, companyId), 200);
  })
  .openapi(updateRegistration, async (c) => {
    const companyId = currentCompanyId(c);
    await updateCompanyRegistration(c.var.transactional(), await recordSigning(c), companyId, c.req.valid("json"));
    return c.json(await loadCompany(c.var.db, companyId), 200);
  })
  .openapi(updateScanAlerts, async (c) => {
    const companyId = currentCompanyId(c);
    await updateScanAlertSettings(c.var.db, companyId, c.req.valid("json"));
    return c.json(await loadCompany(c.var.db, companyId), 200);
  })
  .openapi(exportFirmData, async (c) => {
    const companyId = currentCompanyId(c);
    await enforceRateLimit(c, "EXPORT_LIMITER", `export:${companyId}`);
    const { name } = await loadCompany(c.var.db, companyId);
    return c.body(firmDataExport(c.var.db, c.env.EVIDENCE, companyId, publicOrigin(c)), 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${firmExportFileName(name)}"`,
      "Cache-Control": "no-store",
    });
  })
  .openapi(requestClosure, async (c) => {
    const companyId = currentCompanyId(c);
    const { organisationName, currentPassword } = c.req.valid("json");
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `password:${c.var.user.id}`);
    await assertCurrentPassword(c.var.db, c.var.user.id, currentPassword);
    const { name } = await loadCompany(c.var.db, companyId);
    if (organisationName.toLowerCase() !== name.trim().toLowerCase())
      throw badRequest(NAME_DOES_NOT_MATCH, [`organisationName: ${NAME_DOES_NOT_MATCH}`]);
    const { closureDueAt, emails } = await scheduleClosure(c.var.transactional(), c.var.user, companyId);
    queueEmails(c, emails);
    return c.json(
      {
        message: `${name} will be closed on ${formatDate(closureDueAt)}. You can undo this until then.`,
        closureDueAt: closureDueAt.toISOString(),
      },
      202,
    );
  })
  .openapi(undoClosure, async (c) => {
    await cancelClosure(c.var.transactional(), c.var.user, currentCompanyId(c));
    return c.json({ message: "The organisation will not be closed." }, 200);
  })
  .openapi(updateSecurity, async (c) => {
    const companyId = currentCompanyId(c);
    const { requireSecondFactor } = c.req.valid("json");
    // The rule binds the owner too: set up first, so turning it on never locks the owner out.
    if (requireSecondFactor && !c.var.user.secondFactorAt) {
      throw badRequest("Turn on two-step sign-in for yourself first, in Profile → Security.");
    }
    await c.var.db.update(companies).set({ requireSecondFactor }).where(eq(companies.id, companyId));
    return c.json(await loadCompany(c.var.db, companyId), 200);
  });
