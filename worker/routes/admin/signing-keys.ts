import { createRoute } from "@hono/zod-openapi";
import { keyHistoryAnswer } from "#schema/responses/index.ts";
import { keyCompromiseSchema } from "#schema/validation/transparency.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { documentedRoutes, jsonAnswer, jsonBody, textParams } from "../contract";
import { recordAudit } from "#worker/services/companies/audit.ts";
import { keyHistory, markKeyCompromised } from "#worker/services/records/signed-records.ts";

/** A key id is a base64url thumbprint (RFC 7638): 43 characters, at most 64 as stored. */
const SIGNING_KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;

const listKeys = createRoute({
  method: "get",
  path: "/",
  responses: { 200: jsonAnswer(keyHistoryAnswer, "Every key the platform has signed with") },
});

const markCompromised = createRoute({
  method: "post",
  path: "/{kid}/compromise",
  request: {
    params: textParams("kid"),
    ...jsonBody(keyCompromiseSchema),
  },
  responses: { 200: jsonAnswer(keyHistoryAnswer, "The key history with the key marked") },
});

/**
 * /api/admin/signing-keys: the platform's key history, and marking a key compromised from a time.
 * Records the key signed from then on are refused by every verifier; while the Worker still holds
 * that key it signs nothing more (issuing waits for `npm run keys:rotate`).
 */
export const adminSigningKeyRoutes = documentedRoutes()
  .openapi(listKeys, async (c) => c.json(await keyHistory(c.var.db), 200))
  .openapi(markCompromised, async (c) => {
    const { kid } = c.req.valid("param");
    // Anything else names no key, and never reaches the database (a NUL would be refused there).
    if (!SIGNING_KEY_ID.test(kid)) throw new ApiError(404, "No signing key has this id");
    const since = new Date(c.req.valid("json").compromisedAt);
    await c.var.transactional().transaction(async (tx) => {
      await markKeyCompromised(tx, kid, since);
      await recordAudit(tx, c.var.user, [
        {
          action: "platform.signing_key_compromised",
          targetType: "signing_key",
          targetId: null,
          details: { kid, compromisedAt: since.toISOString() },
        },
      ]);
    });
    return c.json(await keyHistory(c.var.db), 200);
  });
