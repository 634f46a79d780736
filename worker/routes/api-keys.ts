import { Hono } from "hono";
import { queueEmails } from "../request/after-response";
import { createApiKeySchema } from "../../schema/validation/api-keys";
import type { AppEnv } from "../env";
import { currentCompanyId } from "../request/company";
import { validate } from "../lib/validation";
import {
  requireActiveCompany,
  requireCompanyOwner,
  requireCompanyUser,
  requireConfirmedEmail,
  requireUser,
  sessionDetails,
} from "../middleware/auth";
import { assertCurrentPassword } from "../services/accounts";
import { createApiKey, listApiKeys, revokeApiKey } from "../services/api-keys";
import { describeDevice } from "../services/sessions";

const keysOwner = requireCompanyOwner("Only the company owner can manage API keys");

/**
 * The company's keys for the integration API (/api/v1), owner only. A key acts for the company
 * with the scopes it was given; making one is acting beyond one's own account, like a webhook.
 */
export const apiKeyRoutes = new Hono<AppEnv>()
  .get("/", requireUser, requireCompanyUser, keysOwner, async (c) =>
    c.json(await listApiKeys(c.var.db, currentCompanyId(c))),
  )
  .post(
    "/",
    requireUser,
    requireCompanyUser,
    keysOwner,
    requireActiveCompany,
    requireConfirmedEmail("create API keys"),
    validate("json", createApiKeySchema),
    async (c) => {
      const { currentPassword, ...input } = c.req.valid("json");
      const { user } = c.var;
      await assertCurrentPassword(c.var.db, user.id, currentPassword);
      const created = await c.var
        .transactional()
        .transaction((tx) => createApiKey(tx, user, currentCompanyId(c), input));
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
    },
  )
  // Revoking works for a deactivated company too: stopping a key must never be refused.
  .delete("/:id", requireUser, requireCompanyUser, keysOwner, async (c) => {
    await c.var
      .transactional()
      .transaction((tx) => revokeApiKey(tx, c.var.user, currentCompanyId(c), c.req.param("id")));
    return c.json({ message: "API key revoked" });
  });
