import { createRoute, z } from "@hono/zod-openapi";
import {
  webhookAttemptPageSchema,
  webhookEndpointAnswerSchema,
  webhookEndpointCreatedSchema,
  webhookSecretRotationSchema,
  webhookTestEventAnswerSchema,
} from "#schema/api-v1.ts";
import { messageAnswer } from "#schema/responses/index.ts";
import { queueEmails } from "../request/after-response";
import { paginationQuerySchema } from "#schema/validation/pagination.ts";
import { webhookEndpointSchema, webhookEndpointUpdateSchema } from "#schema/validation/webhook.ts";
import { currentCompanyId } from "../request/company";
import { ApiError, COMPANY_DEACTIVATED } from "../lib/errors";
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
  claimAndQueueDeliveries,
  rotateWebhookSecret,
  sendTestWebhookEvent,
  updateWebhookEndpoint,
} from "../services/integration/webhooks";
import { documentedRoutes, jsonAnswer, jsonBody, textParams } from "./contract";

const webhooksOwner = requireCompanyOwner("Only the company owner can change webhooks");
/** The delivery log's page when none is asked for. */
const ATTEMPTS_PAGE_SIZE = 20;

const endpointParam = textParams("id");

const listEndpoints = createRoute({
  method: "get",
  path: "/",
  middleware: [requireUser, requireCompanyUser] as const,
  responses: { 200: jsonAnswer(z.array(webhookEndpointAnswerSchema), "The company's endpoints") },
});

const addEndpoint = createRoute({
  method: "post",
  path: "/",
  middleware: [
    requireUser,
    requireCompanyUser,
    webhooksOwner,
    requireActiveCompany,
    requireConfirmedEmail("send events to a webhook"),
  ] as const,
  request: jsonBody(webhookEndpointSchema),
  responses: { 201: jsonAnswer(webhookEndpointCreatedSchema, "The endpoint, with its signing secret shown this once") },
});

const readEndpoint = createRoute({
  method: "get",
  path: "/{id}",
  middleware: [requireUser, requireCompanyUser] as const,
  request: { params: endpointParam },
  responses: { 200: jsonAnswer(webhookEndpointAnswerSchema, "The endpoint") },
});

// Turning an endpoint off works for a deactivated company too: stopping deliveries is never refused.
// A new address needs a confirmed email, as adding one does.
const changeEndpoint = createRoute({
  method: "patch",
  path: "/{id}",
  middleware: [requireUser, requireCompanyUser, webhooksOwner] as const,
  request: { params: endpointParam, ...jsonBody(webhookEndpointUpdateSchema) },
  responses: { 200: jsonAnswer(webhookEndpointAnswerSchema, "The endpoint as changed") },
});

// Removing works for a deactivated company too: stopping deliveries must never be refused.
const removeEndpoint = createRoute({
  method: "delete",
  path: "/{id}",
  middleware: [requireUser, requireCompanyUser, webhooksOwner] as const,
  request: { params: endpointParam },
  responses: { 200: jsonAnswer(messageAnswer, "The endpoint is removed") },
});

const listAttempts = createRoute({
  method: "get",
  path: "/{id}/attempts",
  middleware: [requireUser, requireCompanyUser] as const,
  request: { params: endpointParam, query: paginationQuerySchema },
  responses: { 200: jsonAnswer(webhookAttemptPageSchema, "One page of the endpoint's delivery log, newest first") },
});

const resendDelivery = createRoute({
  method: "post",
  path: "/{id}/deliveries/{eventId}/resend",
  middleware: [requireUser, requireCompanyUser, webhooksOwner, requireActiveCompany] as const,
  request: {
    params: textParams("id", "eventId"),
  },
  responses: { 202: jsonAnswer(messageAnswer, "The delivery is queued again") },
});

const sendTestEvent = createRoute({
  method: "post",
  path: "/{id}/test",
  middleware: [requireUser, requireCompanyUser, webhooksOwner, requireActiveCompany] as const,
  request: { params: endpointParam },
  responses: { 202: jsonAnswer(webhookTestEventAnswerSchema, "The test event is queued for this endpoint alone") },
});

const rotateSecret = createRoute({
  method: "post",
  path: "/{id}/secret",
  middleware: [requireUser, requireCompanyUser, webhooksOwner, requireActiveCompany] as const,
  request: { params: endpointParam, ...jsonBody(webhookSecretRotationSchema) },
  responses: {
    200: jsonAnswer(webhookEndpointCreatedSchema, "The endpoint, with its new signing secret shown this once"),
  },
});

/**
 * The company's webhook endpoints (Company Details → Developers): members may see them and their
 * delivery logs; only the owner adds, changes, removes or resends. The same services answer
 * /api/v1/webhooks for API keys with the webhooks:manage scope.
 */
export const webhookRoutes = documentedRoutes()
  .openapi(listEndpoints, async (c) => c.json(await listWebhookEndpoints(c.var.db, currentCompanyId(c)), 200))
  .openapi(addEndpoint, async (c) => {
    const { user, config } = c.var;
    const created = await c.var
      .transactional()
      .transaction((tx) => createWebhookEndpoint(tx, config, user, currentCompanyId(c), c.req.valid("json")));
    return c.json(created, 201);
  })
  .openapi(readEndpoint, async (c) =>
    c.json(await getWebhookEndpoint(c.var.db, currentCompanyId(c), c.req.valid("param").id), 200),
  )
  .openapi(changeEndpoint, async (c) => {
    const { user, config } = c.var;
    const update = c.req.valid("json");
    if (!onlyTurnsOff(update) && !user.company?.isActive) {
      throw new ApiError(403, COMPANY_DEACTIVATED);
    }
    if (update.url !== undefined) assertConfirmedEmail(user, "send events to a webhook");
    const { endpoint, previousUrl } = await c.var
      .transactional()
      .transaction((tx) =>
        updateWebhookEndpoint(tx, config, user, currentCompanyId(c), c.req.valid("param").id, update),
      );
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
    return c.json(endpoint, 200);
  })
  .openapi(removeEndpoint, async (c) => {
    const { user } = c.var;
    await c.var
      .transactional()
      .transaction((tx) => deleteWebhookEndpoint(tx, user, currentCompanyId(c), c.req.valid("param").id));
    return c.json({ message: "Webhook endpoint removed" }, 200);
  })
  .openapi(listAttempts, async (c) => {
    const { page = 1, pageSize = ATTEMPTS_PAGE_SIZE } = c.req.valid("query");
    return c.json(
      await listWebhookAttempts(c.var.db, currentCompanyId(c), c.req.valid("param").id, page, pageSize),
      200,
    );
  })
  .openapi(resendDelivery, async (c) => {
    const { id, eventId } = c.req.valid("param");
    const deliveryId = await resendWebhookDelivery(c.var.db, currentCompanyId(c), id, eventId);
    await queueResend(c.env, deliveryId);
    return c.json({ message: "Delivery queued" }, 202);
  })
  .openapi(sendTestEvent, async (c) => {
    const { eventId, deliveryId } = await c.var
      .transactional()
      .transaction((tx) => sendTestWebhookEvent(tx, currentCompanyId(c), c.req.valid("param").id));
    await claimAndQueueDeliveries(c.env, c.var.db, [deliveryId]);
    return c.json({ message: "Test event queued", eventId }, 202);
  })
  .openapi(rotateSecret, async (c) => {
    const { user, config } = c.var;
    const { previousSecretHours } = c.req.valid("json");
    const rotated = await c.var
      .transactional()
      .transaction((tx) =>
        rotateWebhookSecret(tx, config, user, currentCompanyId(c), c.req.valid("param").id, previousSecretHours),
      );
    return c.json(rotated, 200);
  });
