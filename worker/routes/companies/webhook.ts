import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { companies } from "../../../schema/tables";
import { webhookSchema, webhookUrlProblem } from "../../../schema/validation/webhook";
import type { WebhookStatus } from "../../../schema/responses";
import type { AppEnv } from "../../env";
import { currentCompanyId } from "../../lib/company";
import { badRequest, notFound } from "../../lib/errors";
import { randomToken } from "../../lib/random";
import { validate } from "../../lib/validation";
import { encryptWebhookSecret, WEBHOOK_SECRET_PREFIX } from "../../lib/webhook-secret";
import {
  requireActiveCompany,
  requireCompanyOwner,
  requireCompanyUser,
  requireConfirmedEmail,
  requireUser,
} from "../../middleware/auth";

const OWNER_ONLY = "Only the company owner can change the webhook";
/** A new URL, or none, starts with no delivery history. */
const NO_DELIVERY = {
  webhookLastDeliveryAt: null,
  webhookLastDeliveryOutcome: null,
  webhookLastDeliveryFailure: null,
} as const;

/**
 * The shared schema lets a loopback receiver through because the browser cannot know where the
 * server runs; only a Worker running locally (APP_ENV=development) accepts one.
 */
function assertAllowedDestination(url: string, allowLoopback: boolean) {
  const problem = webhookUrlProblem(new URL(url), { allowLoopback });
  if (problem) throw badRequest("Validation failed", [`url: ${problem}`]);
}

/**
 * The company's scan-alert webhook. The signing secret is shown once, in the answer that sets the
 * URL; it is never returned again (and is stored encrypted), and setting a URL always issues a new one.
 */
export const webhookRoutes = new Hono<AppEnv>()
  .get("/", requireUser, requireCompanyUser, async (c) => {
    const [webhook] = await c.var.db
      .select({
        url: companies.webhookUrl,
        lastDeliveryAt: companies.webhookLastDeliveryAt,
        lastDeliveryOutcome: companies.webhookLastDeliveryOutcome,
        lastDeliveryFailure: companies.webhookLastDeliveryFailure,
      })
      .from(companies)
      .where(eq(companies.id, currentCompanyId(c)))
      .limit(1);
    if (!webhook) throw notFound("Company not found");
    return c.json(webhook satisfies WebhookStatus);
  })
  .put(
    "/",
    requireUser,
    requireCompanyUser,
    requireCompanyOwner(OWNER_ONLY),
    requireActiveCompany,
    requireConfirmedEmail("send scans to a webhook"),
    validate("json", webhookSchema),
    async (c) => {
      const { url } = c.req.valid("json");
      assertAllowedDestination(url, c.var.config.allowsLocalReceivers);
      const companyId = currentCompanyId(c);
      const secret = `${WEBHOOK_SECRET_PREFIX}${randomToken(32)}`;
      const webhookSecret = await encryptWebhookSecret(c.var.config.WEBHOOK_SECRET_KEY, companyId, secret);
      await c.var.db
        .update(companies)
        .set({ webhookUrl: url, webhookSecret, ...NO_DELIVERY })
        .where(eq(companies.id, companyId));
      return c.json({ url, secret });
    },
  )
  .delete("/", requireUser, requireCompanyUser, requireCompanyOwner(OWNER_ONLY), async (c) => {
    await c.var.db
      .update(companies)
      .set({ webhookUrl: null, webhookSecret: null, ...NO_DELIVERY })
      .where(eq(companies.id, currentCompanyId(c)));
    return c.json({ message: "Webhook removed" });
  });
