import { Hono } from "hono";
import {
  companyDetailsSchema,
  companyRegistrationSchema,
  scanAlertSettingsSchema,
} from "../../../schema/validation/companies";
import type { AppEnv } from "../../env";
import { currentCompanyId } from "../../lib/company";
import { validate } from "../../lib/validation";
import { requireActiveCompany, requireCompanyOwner, requireCompanyUser, requireUser } from "../../middleware/auth";
import { enforceRateLimit } from "../../middleware/rate-limit";
import {
  loadCompany,
  updateCompanyDetails,
  updateCompanyRegistration,
  updateScanAlertSettings,
} from "../../services/companies";
import { queueEmails } from "../../services/email";
import { webhookRoutes } from "./webhook";

/** The signed-in user's own company (/api/companies/current) and its scan-alert webhook. */
export const companyRoutes = new Hono<AppEnv>()
  .get("/current", requireUser, requireCompanyUser, async (c) =>
    c.json(await loadCompany(c.var.db, currentCompanyId(c))),
  )
  .put(
    "/current",
    requireUser,
    requireCompanyUser,
    requireCompanyOwner("Only the company owner can edit company details"),
    requireActiveCompany,
    validate("json", companyDetailsSchema),
    async (c) => {
      const companyId = currentCompanyId(c);
      const input = c.req.valid("json");
      const before = await loadCompany(c.var.db, companyId);
      // A new address gets a confirmation email: limited per company and per target address.
      if (before.email.toLowerCase() !== input.email.toLowerCase()) {
        await enforceRateLimit(c, "EMAIL_LIMITER", `company-email:${companyId}`);
        await enforceRateLimit(c, "EMAIL_LIMITER", `company-email:${input.email.toLowerCase()}`);
      }
      queueEmails(c, await updateCompanyDetails(c.var.transactional(), c.var.user, companyId, input));
      return c.json(await loadCompany(c.var.db, companyId));
    },
  )
  .put(
    "/current/registration",
    requireUser,
    requireCompanyUser,
    requireCompanyOwner("Only the company owner can edit the company's registration"),
    requireActiveCompany,
    validate("json", companyRegistrationSchema),
    async (c) => {
      const companyId = currentCompanyId(c);
      await updateCompanyRegistration(c.var.db, companyId, c.req.valid("json"));
      return c.json(await loadCompany(c.var.db, companyId));
    },
  )
  .put(
    "/current/scan-alerts",
    requireUser,
    requireCompanyUser,
    requireCompanyOwner("Only the company owner can choose how scans are alerted"),
    validate("json", scanAlertSettingsSchema),
    async (c) => {
      const companyId = currentCompanyId(c);
      await updateScanAlertSettings(c.var.db, companyId, c.req.valid("json"));
      return c.json(await loadCompany(c.var.db, companyId));
    },
  )
  .route("/current/webhook", webhookRoutes);
