import { createRoute, z } from "@hono/zod-openapi";
import { queueEmails } from "#worker/request/after-response.ts";
import {
  errorBodySchema,
  webhookAttemptPageSchema,
  webhookEndpointAnswerSchema,
  webhookEndpointCreatedSchema,
  webhookSecretRotationSchema,
  webhookTestEventAnswerSchema,
} from "#schema/api-v1.ts";
import { WEBHOOK_ENDPOINTS_MAX, WEBHOOK_EVENT_TYPES } from "#schema/limits/integration.ts";
import { paginationQuerySchema } from "#schema/validation/pagination.ts";
import { webhookEndpointSchema, webhookEndpointUpdateSchema } from "#schema/validation/webhook.ts";
import { assertKeyCompanyActive, keyCompanyId, requireApiKeyScope } from "#worker/middleware/api-key.ts";
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
} from "#worker/services/integration/webhooks.ts";
import { KEY_ERRORS, KEY_SECURITY } from "./documented";
import { documentedRoutes, jsonAnswer } from "../contract";

const endpointIdParam = z.object({
  id: z.string().meta({ param: { name: "id", in: "path" }, example: "ep_8fJ2kLmQ4pRt6VwX9yZa1bC3" }),
});
const NOT_FOUND = { 404: jsonAnswer(errorBodySchema, "No endpoint of your company has the id in the path") };

const ATTEMPTS_PAGE_SIZE = 20;

const EVENTS_DESCRIPTION = `Each delivery is a POST of \`{ "type", "timestamp", "data" }\` signed the Standard Webhooks way (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`): verify it with a standardwebhooks library and the endpoint's secret. \`webhook-id\` is the event's id, the same on every retry and resend. Event types: ${WEBHOOK_EVENT_TYPES.map((type) => `\`${type}\``).join(", ")}. A failed delivery is tried again for about 30 minutes (2 s doubling, capped at 15 min); an endpoint whose deliveries fail for a day is turned off and the owner emailed.`;

const list = createRoute({
  method: "get",
  path: "/",
  tags: ["Webhooks"],
  summary: "List webhook endpoints",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("webhooks:manage")] as const,
  responses: { 200: jsonAnswer(z.array(webhookEndpointAnswerSchema), "The company's endpoints"), ...KEY_ERRORS },
});

const create = createRoute({
  method: "post",
  path: "/",
  tags: ["Webhooks"],
  summary: "Add a webhook endpoint",
  description: `${EVENTS_DESCRIPTION} The secret is in this answer only. At most ${WEBHOOK_ENDPOINTS_MAX} endpoints per company.`,
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("webhooks:manage")] as const,
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: webhookEndpointSchema,
          example: {
            url: "https://hooks.example.com/valuseal",
            description: "Loan system (production)",
            eventTypes: ["code.revoked", "code.superseded"],
          },
        },
      },
    },
  },
  responses: { 201: jsonAnswer(webhookEndpointCreatedSchema, "The new endpoint and its secret"), ...KEY_ERRORS },
});

const get = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["Webhooks"],
  summary: "Read a webhook endpoint",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("webhooks:manage")] as const,
  request: { params: endpointIdParam },
  responses: { 200: jsonAnswer(webhookEndpointAnswerSchema, "The endpoint"), ...KEY_ERRORS, ...NOT_FOUND },
});

const update = createRoute({
  method: "patch",
  path: "/{id}",
  tags: ["Webhooks"],
  summary: "Change a webhook endpoint",
  description:
    "Change its address, description or events, or turn it off (`enabled: false`) and on again. A new address is " +
    "emailed to the owner and audited; events from before it are not resent there. Turning off is allowed to a " +
    "deactivated company.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("webhooks:manage")] as const,
  request: {
    params: endpointIdParam,
    body: {
      required: true,
      content: { "application/json": { schema: webhookEndpointUpdateSchema, example: { enabled: true } } },
    },
  },
  responses: { 200: jsonAnswer(webhookEndpointAnswerSchema, "The endpoint"), ...KEY_ERRORS, ...NOT_FOUND },
});

const remove = createRoute({
  method: "delete",
  path: "/{id}",
  tags: ["Webhooks"],
  summary: "Remove a webhook endpoint",
  description: "Deliveries stop at once; its delivery log goes with it.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("webhooks:manage")] as const,
  request: { params: endpointIdParam },
  responses: {
    200: jsonAnswer(z.strictObject({ message: z.string() }), "Removed"),
    ...KEY_ERRORS,
    ...NOT_FOUND,
  },
});

const attempts = createRoute({
  method: "get",
  path: "/{id}/attempts",
  tags: ["Webhooks"],
  summary: "Read an endpoint's delivery log",
  description:
    "Every attempt of the last 30 days, newest first: the event, the receiver's status and how long it took.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("webhooks:manage")] as const,
  request: { params: endpointIdParam, query: paginationQuerySchema },
  responses: { 200: jsonAnswer(webhookAttemptPageSchema, "One page of the log"), ...KEY_ERRORS, ...NOT_FOUND },
});

const resend = createRoute({
  method: "post",
  path: "/{id}/deliveries/{eventId}/resend",
  tags: ["Webhooks"],
  summary: "Resend a delivery",
  description:
    "Sends the event to the endpoint again, with the same body and the same webhook-id, in one attempt. One resend " +
    "of a delivery at a time.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("webhooks:manage")] as const,
  request: {
    params: endpointIdParam.extend({
      eventId: z.string().meta({ param: { name: "eventId", in: "path" }, example: "msg_2b7Xk9LmQp4Rt" }),
    }),
  },
  responses: {
    202: jsonAnswer(z.strictObject({ message: z.string() }), "Queued"),
    ...KEY_ERRORS,
    404: jsonAnswer(errorBodySchema, "No delivery of that event to that endpoint of your company"),
    409: jsonAnswer(
      errorBodySchema,
      "The endpoint is turned off, a resend of this delivery is already on its way, or the event happened before the endpoint's address changed",
    ),
  },
});

const sendTest = createRoute({
  method: "post",
  path: "/{id}/test",
  tags: ["Webhooks"],
  summary: "Send a test event",
  description:
    "Sends a `webhook.test` event to this endpoint alone, signed and logged like any other: its attempt, with the receiver's status and answer, appears in the delivery log under the answered `eventId`.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("webhooks:manage")] as const,
  request: { params: endpointIdParam },
  responses: {
    202: jsonAnswer(webhookTestEventAnswerSchema, "The test event is queued"),
    ...KEY_ERRORS,
    ...NOT_FOUND,
    409: jsonAnswer(errorBodySchema, "The endpoint is turned off"),
  },
});

const rotate = createRoute({
  method: "post",
  path: "/{id}/secret",
  tags: ["Webhooks"],
  summary: "Rotate the signing secret",
  description:
    "Makes a new signing secret, in this answer only. With `previousSecretHours: 24` each delivery carries a signature by the old secret as well (space-separated in `webhook-signature`) for a day, so the receiver can switch without losing events; `0` stops the old secret at once.",
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("webhooks:manage")] as const,
  request: {
    params: endpointIdParam,
    body: {
      required: true,
      content: { "application/json": { schema: webhookSecretRotationSchema, example: { previousSecretHours: 24 } } },
    },
  },
  responses: {
    200: jsonAnswer(webhookEndpointCreatedSchema, "The endpoint, with its new secret shown this once"),
    ...KEY_ERRORS,
    ...NOT_FOUND,
  },
});

/** /api/v1/webhooks: the company's webhook endpoints, for an API key with webhooks:manage. */
export const v1WebhookRoutes = documentedRoutes()
  .openapi(list, async (c) => c.json(await listWebhookEndpoints(c.var.db, keyCompanyId(c)), 200))
  .openapi(create, async (c) => {
    const caller = c.var.apiKey;
    assertKeyCompanyActive(caller);
    const owner = { id: caller.userId, email: caller.userEmail };
    const created = await c.var
      .transactional()
      .transaction((tx) => createWebhookEndpoint(tx, c.var.config, owner, caller.companyId, c.req.valid("json")));
    return c.json(created, 201);
  })
  .openapi(get, async (c) => c.json(await getWebhookEndpoint(c.var.db, keyCompanyId(c), c.req.valid("param").id), 200))
  .openapi(update, async (c) => {
    const caller = c.var.apiKey;
    const update = c.req.valid("json");
    // Turning an endpoint off works for a deactivated company too: stopping deliveries is never refused.
    if (!onlyTurnsOff(update)) assertKeyCompanyActive(caller);
    const owner = { id: caller.userId, email: caller.userEmail };
    const { endpoint, previousUrl } = await c.var
      .transactional()
      .transaction((tx) =>
        updateWebhookEndpoint(tx, c.var.config, owner, caller.companyId, c.req.valid("param").id, update),
      );
    if (previousUrl) {
      queueEmails(c, [
        {
          kind: "webhook-address-changed",
          to: caller.userEmail,
          companyName: caller.companyName,
          from: previousUrl,
          url: endpoint.url,
        },
      ]);
    }
    return c.json(endpoint, 200);
  })
  .openapi(remove, async (c) => {
    const caller = c.var.apiKey;
    const owner = { id: caller.userId, email: caller.userEmail };
    await c.var
      .transactional()
      .transaction((tx) => deleteWebhookEndpoint(tx, owner, caller.companyId, c.req.valid("param").id));
    return c.json({ message: "Webhook endpoint removed" }, 200);
  })
  .openapi(attempts, async (c) => {
    const { page = 1, pageSize = ATTEMPTS_PAGE_SIZE } = c.req.valid("query");
    return c.json(await listWebhookAttempts(c.var.db, keyCompanyId(c), c.req.valid("param").id, page, pageSize), 200);
  })
  .openapi(resend, async (c) => {
    assertKeyCompanyActive(c.var.apiKey);
    const { id, eventId } = c.req.valid("param");
    const deliveryId = await resendWebhookDelivery(c.var.db, keyCompanyId(c), id, eventId);
    await queueResend(c.env, deliveryId);
    return c.json({ message: "Delivery queued" }, 202);
  })
  .openapi(sendTest, async (c) => {
    assertKeyCompanyActive(c.var.apiKey);
    const { eventId, deliveryId } = await c.var
      .transactional()
      .transaction((tx) => sendTestWebhookEvent(tx, keyCompanyId(c), c.req.valid("param").id));
    await claimAndQueueDeliveries(c.env, c.var.db, [deliveryId]);
    return c.json({ message: "Test event queued", eventId }, 202);
  })
  .openapi(rotate, async (c) => {
    const caller = c.var.apiKey;
    assertKeyCompanyActive(caller);
    const owner = { id: caller.userId, email: caller.userEmail };
    const { previousSecretHours } = c.req.valid("json");
    const rotated = await c.var
      .transactional()
      .transaction((tx) =>
        rotateWebhookSecret(tx, c.var.config, owner, caller.companyId, c.req.valid("param").id, previousSecretHours),
      );
    return c.json(rotated, 200);
  });
