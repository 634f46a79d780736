import { createRoute, z } from "@hono/zod-openapi";
import { apiKeySummaryAnswer, createdApiKeyAnswer, messageAnswer } from "#schema/responses/index.ts";
import { queueEmails } from "../request/after-response";
import { createApiKeySchema } from "#schema/validation/api-keys.ts";
import { currentCompanyId } from "../request/company";
import {
  requireActiveCompany,
  requireCompanyOwner,
  requireCompanyUser,
  requireConfirmedEmail,
  requireUser,
  sessionDetails,
} from "../middleware/auth";
import { assertCurrentPassword } from "../services/accounts/accounts";
import { createApiKey, listApiKeys, revokeApiKey } from "../services/integration/api-keys";
import { describeDevice } from "../services/accounts/sessions";
import { documentedRoutes, jsonAnswer, jsonBody, textParams } from "./contract";

const keysOwner = requireCompanyOwner("Only the company owner can manage API keys");

const listKeys = createRoute({
  method: "get",
  path: "/",
  middleware: [requireUser, requireCompanyUser, keysOwner] as const,
  responses: { 200: jsonAnswer(z.array(apiKeySummaryAnswer), "The company's keys, never the keys themselves") },
});

const createKey = createRoute({
  method: "post",
  path: "/",
  middleware: [
    requireUser,
    requireCompanyUser,
    keysOwner,
    requireActiveCompany,
    requireConfirmedEmail("create API keys"),
  ] as const,
  request: jsonBody(createApiKeySchema),
  responses: { 201: jsonAnswer(createdApiKeyAnswer, "The key, shown this once") },
});

const revokeKey = createRoute({
  method: "delete",
  path: "/{id}",
  middleware: [requireUser, requireCompanyUser, keysOwner] as const,
  request: { params: textParams("id") },
  responses: { 200: jsonAnswer(messageAnswer, "The key is revoked") },
});

/**
 * The company's keys for the integration API (/api/v1), owner only. A key acts for the company
 * with the scopes it was given; making one is acting beyond one's own account, like a webhook.
 */
export const apiKeyRoutes = documentedRoutes()
  .openapi(listKeys, async (c) => c.json(await listApiKeys(c.var.db, currentCompanyId(c)), 200))
  .openapi(createKey, async (c) => {
    const { currentPassword, ...input } = c.req.valid("json");
    const { user } = c.var;
    await assertCurrentPassword(c.var.db, user.id, currentPassword);
    const created = await c.var.transactional().transaction((tx) => createApiKey(tx, user, currentCompanyId(c), input));
    const { userAgent, place } = sessionDetails(c);
    queueEmails(c, [
      {
        kind: "api-key-created",
        to: user.email,
        companyName: user.company?.name ?? "",
        keyName: created.apiKey.name,
        scopes: created.apiKey.scopes,
        expiresAt: created.apiKey.expiresAt?.toISOString() ?? null,
        madeFrom: [describeDevice(userAgent ?? ""), place].filter(Boolean).join(", "),
      },
    ]);
    return c.json(created, 201);
  })
  // Revoking works for a deactivated company too: stopping a key must never be refused.
  .openapi(revokeKey, async (c) => {
    await c.var
      .transactional()
      .transaction((tx) => revokeApiKey(tx, c.var.user, currentCompanyId(c), c.req.valid("param").id));
    return c.json({ message: "API key revoked" }, 200);
  });
