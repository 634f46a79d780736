import { Hono } from "hono";
import { keyCompromiseSchema } from "../../../schema/validation/transparency";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { validate } from "../../lib/validation";
import { recordAudit } from "../../services/audit";
import { keyHistory, markKeyCompromised } from "../../services/signed-records";

/** A key id is a base64url thumbprint (RFC 7638): 43 characters, at most 64 as stored. */
const SIGNING_KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * /api/admin/signing-keys: the platform's key history, and marking a key compromised from a time.
 * Records the key signed from then on are refused by every verifier; while the Worker still holds
 * that key it signs nothing more (issuing waits for `npm run keys:rotate`).
 */
export const adminSigningKeyRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await keyHistory(c.var.db)))
  .post("/:kid/compromise", validate("json", keyCompromiseSchema), async (c) => {
    const kid = c.req.param("kid");
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
    return c.json(await keyHistory(c.var.db));
  });
