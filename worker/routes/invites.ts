import { createRoute } from "@hono/zod-openapi";
import { inviteDetailsAnswer, signedInAnswer } from "#schema/responses/index.ts";
import { acceptInviteSchema } from "#schema/validation/team.ts";
import { ApiError } from "../lib/errors";
import { hashPassword } from "../lib/passwords";
import { limitNetwork, rateLimitByAddress } from "../middleware/rate-limit";
import { sessionDetails } from "../middleware/auth";
import { signedInResponse } from "../services/accounts/sessions";
import { acceptInvite, findInvite, HAS_ACCOUNT, inviteTokenHash } from "../services/accounts/team";
import { documentedRoutes, jsonAnswer, jsonBody, textParams } from "./contract";

const tokenParam = textParams("token");

const readInvite = createRoute({
  method: "get",
  path: "/{token}",
  middleware: [rateLimitByAddress("PUBLIC_LIMITER")] as const,
  request: { params: tokenParam },
  responses: { 200: jsonAnswer(inviteDetailsAnswer, "What the invitee sees before joining") },
});

const acceptOne = createRoute({
  method: "post",
  path: "/{token}/accept",
  middleware: [rateLimitByAddress("PUBLIC_LIMITER"), limitNetwork("AUTH_IP_LIMITER", "invite")] as const,
  request: { params: tokenParam, ...jsonBody(acceptInviteSchema) },
  responses: { 201: jsonAnswer(signedInAnswer, "The new member, signed in") },
});

/** The invitee's side: no sign-in, the token in the link is the credential. */
export const inviteRoutes = documentedRoutes()
  .openapi(readInvite, async (c) => {
    const tokenHash = await inviteTokenHash(c.req.valid("param").token);
    return c.json(await findInvite(c.var.db, tokenHash), 200);
  })
  .openapi(acceptOne, async (c) => {
    const tokenHash = await inviteTokenHash(c.req.valid("param").token);
    const { firstName, lastName, password } = c.req.valid("json");
    // Checked before the costly hash, so a dead link or a taken address is answered at once.
    const invite = await findInvite(c.var.db, tokenHash);
    if (invite.hasAccount) throw new ApiError(409, HAS_ACCOUNT);
    const passwordHash = await hashPassword(password, c.var.config.PASSWORD_HASHING);
    const userId = await acceptInvite(c.var.transactional(), tokenHash, { firstName, lastName, passwordHash });
    return c.json(await signedInResponse(c.var.db, c.var.config.JWT_SECRET, userId, sessionDetails(c)), 201);
  });
