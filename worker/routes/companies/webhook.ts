import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { companies } from "../../../schema/tables";
import { isLoopbackHostname, webhookSchema } from "../../../schema/validation/webhook";
import type { WebhookStatus } from "../../../schema/responses";
import type { AppEnv } from "../../env";
import { currentCompanyId } from "../../lib/company";
import { badRequest, notFound } from "../../lib/errors";
import { randomToken } from "../../lib/random";
import { validate } from "../../lib/validation";
import { requireActiveCompany, requireCompanyOwner, requireCompanyUser, requireUser } from "../../middleware/auth";

const OWNER_ONLY = "Only the company owner can change the webhook";
const SECRET_PREFIX = "whsec_";
/** A new URL, or none, starts with no delivery history. */
const NO_DELIVERY = {
  webhookLastDeliveryAt: null,
  webhookLastDeliveryOutcome: null,
  webhookLastDeliveryStatusCode: null,
} as const;

/** Plain http:// is for a receiver on the developer's own machine, so only a local server accepts it. */
function assertReachableScheme(url: string, requestUrl: string) {
  if (new URL(url).protocol === "https:" || isLoopbackHostname(new URL(requestUrl).hostname)) return;
  throw badRequest("Validation failed", ["url: The webhook URL must start with https://"]);
}

/**
 * The company's scan-alert webhook. The signing secret is shown once, in the answer that sets the
 * URL; it is never returned again, and setting a URL always issues a new one.
 */
export const webhookRoutes = new Hono<AppEnv>()
  .get("/", requireUser, requireCompanyUser, async (c) => {
    const [webhook] = await c.var.db
      .select({
        url: companies.webhookUrl,
        lastDeliveryAt: companies.webhookLastDeliveryAt,
        lastDeliveryOutcome: companies.webhookLastDeliveryOutcome,
        lastDeliveryStatusCode: companies.webhookLastDeliveryStatusCode,
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
    validate("json", webhookSchema),
    async (c) => {
      const { url } = c.req.valid("json");
      assertReachableScheme(url, c.req.url);
      const secret = `${SECRET_PREFIX}${randomToken(32)}`;
      await c.var.db
        .update(companies)
        .set({ webhookUrl: url, webhookSecret: secret, ...NO_DELIVERY })
        .where(eq(companies.id, currentCompanyId(c)));
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
