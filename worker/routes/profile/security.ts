import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { createRoute } from "@hono/zod-openapi";
import {
  messageAnswer,
  passkeyRegisteredAnswer,
  recoveryCodesAnswer,
  securityOverviewAnswer,
  totpEnrolmentAnswer,
  webAuthnOptionsAnswer,
} from "#schema/responses/index.ts";
import {
  disableSecondFactorSchema,
  enrolFactorSchema,
  passkeyConfirmSchema,
  passkeyRegistrationSchema,
  removeFactorSchema,
  secondFactorCodeSchema,
} from "#schema/validation/security.ts";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import { queueEmails } from "#worker/request/after-response.ts";
import { badRequest, notFound } from "#worker/lib/errors.ts";
import { parseId } from "#worker/lib/validation.ts";
import { relyingParty, requireUser } from "#worker/middleware/auth.ts";
import { enforceRateLimit } from "#worker/middleware/rate-limit.ts";
import { assertCurrentPassword } from "#worker/services/accounts/accounts.ts";
import {
  listPasskeys,
  PASSKEY_NOT_VERIFIED,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  removePasskey,
  verifyPasskey,
} from "#worker/services/accounts/passkeys.ts";
import {
  checkSecondFactor,
  confirmTotpEnrolment,
  disableTotp,
  markSessionProven,
  recoveryCodesLeft,
  regenerateRecoveryCodes,
  requireFactorProof,
  startTotpEnrolment,
} from "#worker/services/accounts/second-factor.ts";
import {
  endSessionByHandle,
  endSessions,
  listSessions,
  secondFactorState,
} from "#worker/services/accounts/sessions.ts";
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
  request: jsonBody(enrolFactorSchema),
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
  request: jsonBody(enrolFactorSchema),
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
  request: { params: rowIdParam, ...jsonBody(removeFactorSchema) },
  responses: { 200: jsonAnswer(messageAnswer, "The passkey is removed") },
});

const confirmWithCode = createRoute({
  method: "post",
  path: "/confirm",
  middleware: [requireUser] as const,
  request: jsonBody(secondFactorCodeSchema),
  responses: { 200: jsonAnswer(messageAnswer, "This session proved a second factor just now") },
});

const confirmPasskeyOptions = createRoute({
  method: "post",
  path: "/confirm/passkey-options",
  middleware: [requireUser] as const,
  responses: { 200: jsonAnswer(webAuthnOptionsAnswer, "The options to sign a challenge with a passkey") },
});

const confirmWithPasskey = createRoute({
  method: "post",
  path: "/confirm/passkey",
  middleware: [requireUser] as const,
  request: jsonBody(passkeyConfirmSchema),
  responses: { 200: jsonAnswer(messageAnswer, "This session proved a second factor just now") },
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
 * their signed-in sessions. Adding a factor asks for the password and, while one is in force, proof
 * of it in the same step; removing one asks for the password and a current factor; each change is
 * emailed to the user (decision 049).
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
    const { currentPassword, code } = c.req.valid("json");
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `password:${user.id}`);
    await assertCurrentPassword(db, user.id, currentPassword);
    await requireFactorProof(c.var.transactional(), config.WEBHOOK_SECRET_KEY, user, code);
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
    queueEmails(c, [factorNotice(user.email, "added", "authenticator app")]);
    return c.json(codes, 200);
  })
  .openapi(turnOffTotp, async (c) => {
    const { db, user, config } = c.var;
    const { currentPassword, code } = c.req.valid("json");
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `password:${user.id}`);
    await assertCurrentPassword(db, user.id, currentPassword);
    const check = await checkSecondFactor(c.var.transactional(), config.WEBHOOK_SECRET_KEY, user.id, code);
    if (!check.ok) throw check.error;
    await disableTotp(c.var.transactional(), user);
    queueEmails(c, [factorNotice(user.email, "removed", "authenticator app")]);
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
    const { currentPassword, code } = c.req.valid("json");
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `password:${user.id}`);
    await assertCurrentPassword(db, user.id, currentPassword);
    await requireFactorProof(c.var.transactional(), c.var.config.WEBHOOK_SECRET_KEY, user, code);
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
    queueEmails(c, [factorNotice(c.var.user.email, "added", `passkey “${name}”`)]);
    return c.json(registered, 201);
  })
  .openapi(removeOnePasskey, async (c) => {
    const { db, user, config } = c.var;
    const id = parseId(c.req.valid("param").id, "Passkey not found");
    const { currentPassword, code } = c.req.valid("json");
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `password:${user.id}`);
    await assertCurrentPassword(db, user.id, currentPassword);
    await requireFactorProof(c.var.transactional(), config.WEBHOOK_SECRET_KEY, user, code);
    const name = await removePasskey(c.var.transactional(), user, id);
    if (name === null) throw notFound("Passkey not found");
    queueEmails(c, [factorNotice(user.email, "removed", `passkey “${name}”`)]);
    return c.json({ message: "Passkey removed" }, 200);
  })
  .openapi(confirmWithCode, async (c) => {
    const { user, config } = c.var;
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `second-factor:${user.id}`);
    const check = await checkSecondFactor(
      c.var.transactional(),
      config.WEBHOOK_SECRET_KEY,
      user.id,
      c.req.valid("json").code,
    );
    if (!check.ok) throw check.error;
    await markSessionProven(c.var.db, user.sessionId);
    return c.json({ message: "Confirmed." }, 200);
  })
  .openapi(confirmPasskeyOptions, async (c) => {
    const { db, user } = c.var;
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `second-factor:${user.id}`);
    return c.json(await passkeySignInOptions(db, user.id, relyingParty(c)), 200);
  })
  .openapi(confirmWithPasskey, async (c) => {
    const { user } = c.var;
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `second-factor:${user.id}`);
    const verified = await verifyPasskey(
      c.var.transactional(),
      user.id,
      c.req.valid("json").response as AuthenticationResponseJSON,
      relyingParty(c),
    );
    if (!verified) throw badRequest(PASSKEY_NOT_VERIFIED);
    await markSessionProven(c.var.db, user.sessionId);
    return c.json({ message: "Confirmed." }, 200);
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

/** The email a user gets whenever one of their second factors is added or removed. */
const factorNotice = (to: string, change: "added" | "removed", factor: string): EmailMessage => ({
  kind: "second-factor-changed",
  to,
  change,
  factor,
});
