import { Hono } from "hono";
import { queueEmails } from "../request/after-response";
import { paginationQuerySchema } from "../../schema/validation/pagination";
import { webhookEndpointSchema, webhookEndpointUpdateSchema } from "../../schema/validation/webhook";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../request/company";
import { ApiError } from "../lib/errors";
import { validate } from "../lib/validation";
import {
  assertConfirmedEmail,
  requireActiveCompany,
  requireCompanyOwner,
  requireCompanyUser,
  requireConfirmedEmail,
  requireUser,
} from "../middleware/auth";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookAttempts,
  listWebhookEndpoints,
  resendWebhookDelivery,
  onlyTurnsOff,
  queueResend,
  updateWebhookEndpoint,
} from "../services/webhooks";

const webhooksOwner = requireCompanyOwner("Only the company owner can change webhooks");
/** The delivery log's page when none is asked for. */
const ATTEMPTS_PAGE_SIZE = 20;

/**
 * The company's webhook endpoints (Company Details → Webhooks): members may see them and their
 * delivery logs; only the owner adds, changes, removes or resends. The same services answer
 * /api/v1/webhooks for API keys with the webhooks:manage scope.
 */
export const webhookRoutes = new Hono<AppEnv>()
  .get("/", requireUser, requireCompanyUser, async (c) =>
    c.json(await listWebhookEndpoints(c.var.db, currentCompanyId(c))),
  )
  .post(
    "/",
    requireUser,
    requireCompanyUser,
    webhooksOwner,
    requireActiveCompany,
    requireConfirmedEmail("send events to a webhook"),
    validate("json", webhookEndpointSchema),
    async (c) => {
      const { user, config } = c.var;
      const created = await c.var
        .transactional()
        .transaction((tx) => createWebhookEndpoint(tx, config, user, currentCompanyId(c), c.req.valid("json")));
      return c.json(created, 201);
    },
  )
  .get("/:id", requireUser, requireCompanyUser, async (c) =>
    c.json(await getWebhookEndpoint(c.var.db, currentCompanyId(c), c.req.param("id"))),
  )
  // Turning an endpoint off works for a deactivated company too: stopping deliveries is never refused.
  // A new address needs a confirmed email, as adding one does.
  .patch(
    "/:id",
    requireUser,
    requireCompanyUser,
    webhooksOwner,
    validate("json", webhookEndpointUpdateSchema),
    async (c) => {
      const { user, config } = c.var;
      const update = c.req.valid("json");
      if (!onlyTurnsOff(update) && !user.company?.isActive) {
        throw new ApiError(403, "Your company has been deactivated. Contact support.");
      }
      if (update.url !== undefined) assertConfirmedEmail(user, "send events to a webhook");
      const { endpoint, previousUrl } = await c.var
        .transactional()
        .transaction((tx) => updateWebhookEndpoint(tx, config, user, currentCompanyId(c), c.req.param("id"), update));
      if (previousUrl) {
        queueEmails(c, [
          {
            kind: "webhook-address-changed",
            to: user.email,
            companyName: user.company?.name ?? "",
            from: previousUrl,
            url: endpoint.url,
          },
        ]);
      }
      return c.json(endpoint);
    },
  )
  // Removing works for a deactivated company too: stopping deliveries must never be refused.
  .delete("/:id", requireUser, requireCompanyUser, webhooksOwner, async (c) => {
    const { user } = c.var;
    await c.var
      .transactional()
      .transaction((tx) => deleteWebhookEndpoint(tx, user, currentCompanyId(c), c.req.param("id")));
    return c.json({ message: "Webhook endpoint removed" });
  })
  .get("/:id/attempts", requireUser, requireCompanyUser, validate("query", paginationQuerySchema), async (c) => {
    const { page = 1, pageSize = ATTEMPTS_PAGE_SIZE } = c.req.valid("query");
    return c.json(await listWebhookAttempts(c.var.db, currentCompanyId(c), c.req.param("id"), page, pageSize));
  })
  .post(
    "/:id/deliveries/:eventId/resend",
    requireUser,
    requireCompanyUser,
    webhooksOwner,
    requireActiveCompany,
    async (c) => {
      const deliveryId = await resendWebhookDelivery(
        c.var.db,
        currentCompanyId(c),
        c.req.param("id"),
        c.req.param("eventId"),
      );
      await queueResend(c.env, deliveryId);
      return c.json({ message: "Delivery queued" }, 202);
    },
  );
