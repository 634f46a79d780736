import { Hono } from "hono";
import { acceptInviteSchema } from "../../schema/validation/team";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { hashPassword } from "../lib/passwords";
import { validate } from "../lib/validation";
import { enforceClientRateLimit, rateLimitByAddress } from "../middleware/rate-limit";
import { sessionDetails } from "../middleware/auth";
import { signedInResponse } from "../services/sessions";
import { acceptInvite, findInvite, HAS_ACCOUNT, inviteTokenHash } from "../services/team";

/** The invitee's side: no sign-in, the token in the link is the credential. */
export const inviteRoutes = new Hono<AppEnv>()
  .get("/:token", rateLimitByAddress("PUBLIC_LIMITER"), async (c) => {
    const tokenHash = await inviteTokenHash(c.req.param("token"));
    return c.json(await findInvite(c.var.db, tokenHash));
  })
  .post("/:token/accept", rateLimitByAddress("PUBLIC_LIMITER"), validate("json", acceptInviteSchema), async (c) => {
    const tokenHash = await inviteTokenHash(c.req.param("token"));
    const { firstName, lastName, password } = c.req.valid("json");
    await enforceClientRateLimit(c, "AUTH_IP_LIMITER", "invite");
    // Checked before the costly hash, so a dead link or a taken address is answered at once.
    const invite = await findInvite(c.var.db, tokenHash);
    if (invite.hasAccount) throw new ApiError(409, HAS_ACCOUNT);
    const passwordHash = await hashPassword(password, c.var.config.PASSWORD_HASHING);
    const userId = await acceptInvite(c.var.transactional(), tokenHash, { firstName, lastName, passwordHash });
    return c.json(await signedInResponse(c.var.db, c.var.config.JWT_SECRET, userId, sessionDetails(c)), 201);
  });
