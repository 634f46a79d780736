import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { createRoute } from "@hono/zod-openapi";
import {
  messageAnswer,
  passkeyRegisteredAnswer,
  recoveryCodesAnswer,
  securityOverviewAnswer,
  totpEnrolmentAnswer,
  webAuthnOptionsAnswer,
} from "../../../schema/responses";
import {
  currentPasswordSchema,
  disableSecondFactorSchema,
  passkeyRegistrationSchema,
  secondFactorCodeSchema,
} from "../../../schema/validation/security";
import { notFound } from "../../lib/errors";
import { parseId } from "../../lib/validation";
import { relyingParty, requireUser } from "../../middleware/auth";
import { enforceRateLimit } from "../../middleware/rate-limit";
import { assertCurrentPassword } from "../../services/accounts";
import { listPasskeys, passkeyRegistrationOptions, registerPasskey, removePasskey } from "../../services/passkeys";
import {
  checkSecondFactor,
  confirmTotpEnrolment,
  disableTotp,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  startTotpEnrolment,
} from "../../services/second-factor";
import { endSessionByHandle, endSessions, listSessions, secondFactorState } from "../../services/sessions";
import { documentedRoutes, jsonAnswer, jsonBody, rowIdParam, textParams } from "../contract";

const overview = createRoute({
  method: "get",
  path: "/",
  middleware: [requireUser] as const,
  responses: { 200: jsonAnswer(securityOverviewAnswer, "Two-step sign-in, passkeys and signed-in sessions") },
});

const startTotp = createRoute({
  method: "post",
  path: "/totp",
  middleware: [requireUser] as const,
  request: jsonBody(currentPasswordSchema),
  responses: { 201: jsonAnswer(totpEnrolmentAnswer, "What the authenticator app needs") },
});

const confirmTotp = createRoute({
  method: "post",
  path: "/totp/confirm",
  middleware: [requireUser] as const,
  request: jsonBody(secondFactorCodeSchema),
  responses: { 200: jsonAnswer(recoveryCodesAnswer, "The app is set up; the recovery codes, shown once") },
});

const turnOffTotp = createRoute({
  method: "delete",
  path: "/totp",
  middleware: [requireUser] as const,
  request: jsonBody(disableSecondFactorSchema),
  responses: { 200: jsonAnswer(messageAnswer, "Two-step sign-in is off") },
});

const newRecoveryCodes = createRoute({
  method: "post",
  path: "/recovery-codes",
  middleware: [requireUser] as const,
  request: jsonBody(secondFactorCodeSchema),
  responses: { 200: jsonAnswer(recoveryCodesAnswer, "New recovery codes; the old ones no longer work") },
});

const passkeyOptions = createRoute({
  method: "post",
  path: "/passkeys/options",
  middleware: [requireUser] as const,
  request: jsonBody(currentPasswordSchema),
  responses: { 200: jsonAnswer(webAuthnOptionsAnswer, "The options to create a passkey with") },
});

const addPasskey = createRoute({
  method: "post",
  path: "/passkeys",
  middleware: [requireUser] as const,
  request: jsonBody(passkeyRegistrationSchema),
  responses: {
    201: jsonAnswer(passkeyRegisteredAnswer, "The passkey, and recovery codes when it is the first second factor"),
  },
});

const removeOnePasskey = createRoute({
  method: "delete",
  path: "/passkeys/{id}",
  middleware: [requireUser] as const,
  request: { params: rowIdParam },
  responses: { 200: jsonAnswer(messageAnswer, "The passkey is removed") },
});

const endOneSession = createRoute({
  method: "delete",
  path: "/sessions/{id}",
  middleware: [requireUser] as const,
  request: { params: textParams("id") },
  responses: { 200: jsonAnswer(messageAnswer, "That session is signed out") },
});

const endOtherSessions = createRoute({
  method: "post",
  path: "/sessions/sign-out-others",
  middleware: [requireUser] as const,
  responses: { 200: jsonAnswer(messageAnswer, "Every other session is signed out") },
});

/**
 * /api/profile/security: the user's two-step sign-in (an authenticator app and recovery codes) and
 * their signed-in sessions. Setting it up asks for the password, so a borrowed session cannot lock
 * the owner out with an app of its own; turning it off asks for the password and a code.
 */
export const securityRoutes = documentedRoutes()
  .openapi(overview, async (c) => {
    const { db, user } = c.var;
    const [sessions, codesLeft, keys] = await Promise.all([
      listSessions(db, user.id, user.sessionId),
      recoveryCodesLeft(db, user.id),
      listPasskeys(db, user.id),
    ]);
    const state = secondFactorState(user);
    return c.json(
      {
        twoStepEnabled: state.enabled,
        totpEnabled: user.totpEnabledAt !== null,
        passkeys: keys,
        recoveryCodesLeft: codesLeft,
        requiredBy: state.requiredBy,
        sessions,
      },
      200,
    );
  })
  .openapi(startTotp, async (c) => {
    const { db, user, config } = c.var;
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `password:${user.id}`);
    await assertCurrentPassword(db, user.id, c.req.valid("json").currentPassword);
    return c.json(await startTotpEnrolment(db, config.WEBHOOK_SECRET_KEY, user), 201);
  })
  .openapi(confirmTotp, async (c) => {
    const { user, config } = c.var;
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `second-factor:${user.id}`);
    const codes = await confirmTotpEnrolment(
      c.var.transactional(),
      config.WEBHOOK_SECRET_KEY,
      user.id,
      user.sessionId,
      c.req.valid("json").code,
    );
    return c.json(codes, 200);
  })
  .openapi(turnOffTotp, async (c) => {
    const { db, user, config } = c.var;
    const { currentPassword, code } = c.req.valid("json");
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `password:${user.id}`);
    await assertCurrentPassword(db, user.id, currentPassword);
    const check = await checkSecondFactor(c.var.transactional(), config.WEBHOOK_SECRET_KEY, user.id, code);
    if (!check.ok) throw check.error;
    await disableTotp(c.var.transactional(), user.id);
    return c.json({ message: "Two-step sign-in is off." }, 200);
  })
  .openapi(newRecoveryCodes, async (c) => {
    const { user, config } = c.var;
    const check = await checkSecondFactor(
      c.var.transactional(),
      config.WEBHOOK_SECRET_KEY,
      user.id,
      c.req.valid("json").code,
    );
    if (!check.ok) throw check.error;
    return c.json(await regenerateRecoveryCodes(c.var.transactional(), user.id), 200);
  })
  .openapi(passkeyOptions, async (c) => {
    const { db, user } = c.var;
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `password:${user.id}`);
    await assertCurrentPassword(db, user.id, c.req.valid("json").currentPassword);
    return c.json(await passkeyRegistrationOptions(db, user, relyingParty(c)), 200);
  })
  .openapi(addPasskey, async (c) => {
    const { name, response } = c.req.valid("json");
    const registered = await registerPasskey(
      c.var.transactional(),
      c.var.user,
      name,
      response as RegistrationResponseJSON,
      relyingParty(c),
    );
    return c.json(registered, 201);
  })
  .openapi(removeOnePasskey, async (c) => {
    const id = parseId(c.req.valid("param").id, "Passkey not found");
    if (!(await removePasskey(c.var.db, c.var.user.id, id))) throw notFound("Passkey not found");
    return c.json({ message: "Passkey removed" }, 200);
  })
  .openapi(endOneSession, async (c) => {
    const { db, user } = c.var;
    if (!(await endSessionByHandle(db, user.id, c.req.valid("param").id))) throw notFound("Session not found");
    return c.json({ message: "Signed out on that device" }, 200);
  })
  .openapi(endOtherSessions, async (c) => {
    const { db, user } = c.var;
    await endSessions(db, [user.id], { except: user.sessionId });
    return c.json({ message: "Signed out everywhere else" }, 200);
  });
