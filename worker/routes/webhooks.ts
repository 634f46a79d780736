import { Hono } from "hono";
import { paginationQuerySchema } from "../../schema/validation/pagination";
import { webhookEndpointSchema, webhookEndpointUpdateSchema } from "../../schema/validation/webhook";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../lib/company";
import { validate } from "../lib/validation";
import {
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
  sendWebhookDeliveries,
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
  .patch(
    "/:id",
    requireUser,
    requireCompanyUser,
    webhooksOwner,
    requireActiveCompany,
    validate("json", webhookEndpointUpdateSchema),
    async (c) =>
      c.json(
        await updateWebhookEndpoint(
          c.var.db,
          c.var.config,
          currentCompanyId(c),
          c.req.param("id"),
          c.req.valid("json"),
        ),
      ),
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
      await sendWebhookDeliveries(c.env, [deliveryId], "resend");
      return c.json({ message: "Delivery queued" }, 202);
    },
  );
