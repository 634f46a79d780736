import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { companies } from "../../../schema/tables";
import { companyDetailsSchema } from "../../../schema/validation/companies";
import type { AppEnv } from "../../env";
import { currentCompanyId } from "../../lib/company";
import { ApiError, isUniqueViolation, notFound } from "../../lib/errors";
import { validate } from "../../lib/validation";
import { requireActiveCompany, requireCompanyOwner, requireCompanyUser, requireUser } from "../../middleware/auth";
import { webhookRoutes } from "./webhook";

/** Everything about the company a member may see; the webhook secret never leaves the server. */
const companyColumns = {
  id: companies.id,
  name: companies.name,
  email: companies.email,
  phone: companies.phone,
  location: companies.location,
  ownerId: companies.ownerId,
  isActive: companies.isActive,
  webhookUrl: companies.webhookUrl,
  webhookLastDeliveryAt: companies.webhookLastDeliveryAt,
  webhookLastDeliveryOutcome: companies.webhookLastDeliveryOutcome,
  webhookLastDeliveryStatusCode: companies.webhookLastDeliveryStatusCode,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

/** The signed-in user's own company (/api/companies/current) and its scan-alert webhook. */
export const companyRoutes = new Hono<AppEnv>()
  .get("/current", requireUser, requireCompanyUser, async (c) => {
    const [company] = await c.var.db
      .select(companyColumns)
      .from(companies)
      .where(eq(companies.id, currentCompanyId(c)))
      .limit(1);
    if (!company) throw notFound("Company not found");
    return c.json(company);
  })
  .put(
    "/current",
    requireUser,
    requireCompanyUser,
    requireCompanyOwner("Only the company owner can edit company details"),
    requireActiveCompany,
    validate("json", companyDetailsSchema),
    async (c) => {
      const { name, email, phone, location } = c.req.valid("json");
      try {
        // The form sends every field, so a blank phone or location clears it.
        const [company] = await c.var.db
          .update(companies)
          .set({ name, email, phone: phone ?? null, location: location ?? null })
          .where(eq(companies.id, currentCompanyId(c)))
          .returning(companyColumns);
        return c.json(company!);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, "A company with this email already exists");
        throw error;
      }
    },
  )
  .route("/current/webhook", webhookRoutes);
