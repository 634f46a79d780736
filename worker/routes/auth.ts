import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { queueEmails } from "../request/after-response";
import { createRoute, z } from "@hono/zod-openapi";
import { Hono, type Context } from "hono";
import { confirmEmailSchema, loginSchema, registerSchema } from "#schema/validation/auth.ts";
import {
  passkeySignInSchema,
  secondFactorChallengeSchema,
  secondFactorSignInSchema,
} from "#schema/validation/security.ts";
import {
  confirmedEmailAnswer,
  messageAnswer,
  publicUserAnswer,
  registrationSentAnswer,
  secondFactorChallengeAnswer,
  signedInAnswer,
  webAuthnOptionsAnswer,
  type SecondFactorChallenge,
} from "#schema/responses/index.ts";
import type { AppEnv } from "../env";
import { recordSigning } from "../request/record-signing";
import { clientAddress } from "../request/client-network";
import { ApiError, badRequest } from "../lib/errors";
import { dummyPasswordHash, FAILED_SIGN_IN_MS, hashPassword, needsRehash, verifyPassword } from "../lib/passwords";
import { relyingParty, requireUser, sessionDetails } from "../middleware/auth";
import { enforceRateLimit, limitNetwork } from "../middleware/rate-limit";
import {
  confirmEmail,
  findAccountByEmail,
  newConfirmationLink,
  registerOrTellOwner,
  replacePasswordHash,
} from "../services/accounts/accounts";
import { clearAddressFailures, loginWaitSeconds, recordLoginFailure } from "../services/accounts/login-failures";
import { PASSKEY_NOT_VERIFIED, passkeySignInOptions, verifyPasskey } from "../services/accounts/passkeys";
import { checkSecondFactor } from "../services/accounts/second-factor";
import { endSession, publicUser, signedInResponse } from "../services/accounts/sessions";
import { signSecondFactorChallenge, verifySecondFactorChallenge } from "../lib/tokens";
import { documentedRoutes, jsonAnswer, jsonBody } from "./contract";

const INVALID_CREDENTIALS = "Invalid email or password";

/** What registration answers, whether or not the email already had an account. */
const registrationSent = (email: string) =>
  `We sent an email to ${email}. Follow its link to confirm your address, then sign in with your email and password.`;

function tooManyFailures(seconds: number): ApiError {
  return new ApiError(429, "Too many failed sign-ins. Please wait a moment and try again.", undefined, {
    "Retry-After": String(seconds),
  });
}

/** The user a password step's challenge was issued to; 401 when it has expired or is not ours. */
async function challengedUser(c: Context<AppEnv>, challenge: string): Promise<number> {
  const userId = await verifySecondFactorChallenge(c.var.config.JWT_SECRET, challenge);
  if (!userId) throw new ApiError(401, "Your sign-in took too long. Enter your email and password again.");
  return userId;
}

const register = createRoute({
  method: "post",
  path: "/register",
  middleware: [limitNetwork("AUTH_IP_LIMITER", "register")] as const,
  request: jsonBody(registerSchema),
  responses: { 202: jsonAnswer(registrationSentAnswer, "An email is on its way to the address, taken or free") },
});

const login = createRoute({
  method: "post",
  path: "/login",
  middleware: [limitNetwork("AUTH_IP_LIMITER", "login")] as const,
  request: jsonBody(loginSchema),
  responses: {
    200: jsonAnswer(
      z.union([signedInAnswer, secondFactorChallengeAnswer]),
      "A new session, or the challenge of the account's second step",
    ),
  },
});

const loginSecondFactor = createRoute({
  method: "post",
  path: "/login/second-factor",
  middleware: [limitNetwork("AUTH_IP_LIMITER", "second-factor")] as const,
  request: jsonBody(secondFactorSignInSchema),
  responses: { 200: jsonAnswer(signedInAnswer, "A new session") },
});

const loginPasskeyOptions = createRoute({
  method: "post",
  path: "/login/second-factor/passkey-options",
  middleware: [limitNetwork("AUTH_IP_LIMITER", "second-factor")] as const,
  request: jsonBody(secondFactorChallengeSchema),
  responses: { 200: jsonAnswer(webAuthnOptionsAnswer, "The options to sign in with a passkey") },
});

const loginPasskey = createRoute({
  method: "post",
  path: "/login/second-factor/passkey",
  middleware: [limitNetwork("AUTH_IP_LIMITER", "second-factor")] as const,
  request: jsonBody(passkeySignInSchema),
  responses: { 200: jsonAnswer(signedInAnswer, "A new session") },
});

const currentUser = createRoute({
  method: "get",
  path: "/auth/user",
  middleware: [requireUser] as const,
  responses: { 200: jsonAnswer(publicUserAnswer, "The signed-in user") },
});

const confirmEmailLink = createRoute({
  method: "post",
  path: "/auth/confirm-email",
  middleware: [limitNetwork("AUTH_IP_LIMITER", "confirm")] as const,
  request: jsonBody(confirmEmailSchema),
  responses: { 200: jsonAnswer(confirmedEmailAnswer, "What the followed link confirmed") },
});

const resendConfirmation = createRoute({
  method: "post",
  path: "/auth/resend-confirmation",
  middleware: [requireUser] as const,
  responses: { 202: jsonAnswer(messageAnswer, "A new confirmation link is on its way") },
});

const logout = createRoute({
  method: "post",
  path: "/logout",
  middleware: [requireUser] as const,
  responses: { 200: jsonAnswer(messageAnswer, "The session is ended") },
});

/**
 * Signing up, in and out, and confirming the email: the only module mounted at the API's root
 * (/api/register, /api/login, /api/logout, /api/auth/…).
 */
export const authRoutes = documentedRoutes()
  .openapi(register, async (c) => {
    const input = c.req.valid("json");
    // Each registration is an email to the address typed: limited per address, taken or free.
    await enforceRateLimit(c, "EMAIL_LIMITER", `register:${input.email.toLowerCase()}`);
    const email = await registerOrTellOwner(
      c.var.transactional(),
      input,
      await hashPassword(input.password, c.var.config.PASSWORD_HASHING),
    );
    queueEmails(c, [email]);
    return c.json({ message: registrationSent(input.email), email: input.email }, 202);
  })
  .openapi(login, async (c) => {
    const started = Date.now();
    const { email, password } = c.req.valid("json");
    const address = clientAddress(c);
    // Read side by side: one round trip's wait, and an account read for nothing only when refused.
    const [{ wait, addressFailed }, user] = await Promise.all([
      loginWaitSeconds(c.var.db, email, address),
      findAccountByEmail(c.var.db, email),
    ]);
    if (wait > 0) throw tooManyFailures(wait);
    // Unknown emails still pay for a hash, and every failure answers no sooner than one floor after
    // it began, so timing does not reveal which emails exist (FAILED_SIGN_IN_MS).
    const passwordMatches = await verifyPassword(
      password,
      user?.password ?? dummyPasswordHash(c.var.config.PASSWORD_HASHING),
    );
    if (!user || !passwordMatches) {
      await recordLoginFailure(c.var.db, email, address);
      const floor = started + FAILED_SIGN_IN_MS[c.var.config.PASSWORD_HASHING] - Date.now();
      if (floor > 0) await new Promise((resolve) => setTimeout(resolve, floor));
      // Named on the password field, which is where a person looks; the same answer for an unknown email.
      throw new ApiError(401, INVALID_CREDENTIALS, [`password: ${INVALID_CREDENTIALS}`]);
    }
    if (!user.isActive) throw new ApiError(403, "Your account has been deactivated. Contact your administrator.");
    // A hash made at an earlier cost is replaced now, while the password is at hand (never otherwise).
    if (needsRehash(user.password, c.var.config.PASSWORD_HASHING)) {
      await replacePasswordHash(
        c.var.db,
        user.id,
        user.password,
        await hashPassword(password, c.var.config.PASSWORD_HASHING),
      );
    }
    // Only an address with failures of its own has anything to clear: no extra write on a normal sign-in.
    if (addressFailed) await clearAddressFailures(c.var.db, email, address);
    if (user.totpEnabledAt || user.hasPasskey) {
      const challenge = await signSecondFactorChallenge(c.var.config.JWT_SECRET, user.id);
      const methods: SecondFactorChallenge["methods"] = [];
      if (user.totpEnabledAt) methods.push("totp");
      if (user.hasPasskey) methods.push("passkey");
      return c.json({ secondFactorRequired: true as const, challenge, methods }, 200);
    }
    return c.json(await signedInResponse(c.var.db, c.var.config.JWT_SECRET, user.id, sessionDetails(c)), 200);
  })
  .openapi(loginSecondFactor, async (c) => {
    const { challenge, code } = c.req.valid("json");
    const { config } = c.var;
    const userId = await challengedUser(c, challenge);
    const check = await checkSecondFactor(c.var.transactional(), config.WEBHOOK_SECRET_KEY, userId, code);
    if (!check.ok) throw check.error;
    return c.json(await signedInResponse(c.var.db, config.JWT_SECRET, userId, sessionDetails(c, true)), 200);
  })
  .openapi(loginPasskeyOptions, async (c) => {
    const userId = await challengedUser(c, c.req.valid("json").challenge);
    return c.json(await passkeySignInOptions(c.var.db, userId, relyingParty(c)), 200);
  })
  .openapi(loginPasskey, async (c) => {
    const { challenge, response } = c.req.valid("json");
    const userId = await challengedUser(c, challenge);
    const verified = await verifyPasskey(
      c.var.transactional(),
      userId,
      response as AuthenticationResponseJSON,
      relyingParty(c),
    );
    if (!verified) throw badRequest(PASSKEY_NOT_VERIFIED);
    return c.json(await signedInResponse(c.var.db, c.var.config.JWT_SECRET, userId, sessionDetails(c, true)), 200);
  })
  .openapi(currentUser, (c) => c.json(publicUser(c.var.user), 200))
  .openapi(confirmEmailLink, async (c) => {
    const confirmed = await confirmEmail(c.var.transactional(), await recordSigning(c), c.req.valid("json").token);
    const message =
      confirmed.purpose === "change-company-email"
        ? `The company's email is now ${confirmed.email}.`
        : `Your email ${confirmed.email} is confirmed.`;
    return c.json({ message, ...confirmed }, 200);
  })
  .openapi(resendConfirmation, async (c) => {
    const { user } = c.var;
    await enforceRateLimit(c, "EMAIL_LIMITER", `confirm:${clientAddress(c)}`);
    await enforceRateLimit(c, "EMAIL_LIMITER", `confirm:${user.email.toLowerCase()}`);
    const email = await newConfirmationLink(c.var.db, user.id, user.email);
    if (!email) throw new ApiError(409, "Your email is already confirmed");
    queueEmails(c, [email]);
    return c.json({ message: `We sent a new confirmation link to ${user.email}.` }, 202);
  })
  .openapi(logout, async (c) => {
    await endSession(c.var.db, c.var.user.sessionId);
    return c.json({ message: "Signed out" }, 200);
  });

/** Browser navigations to /api/login and /api/logout: plain redirects that need no database. */
export const authRedirectRoutes = new Hono<AppEnv>()
  .get("/login", (c) => c.redirect("/?signin=1", 302))
  .get("/logout", (c) => c.redirect("/", 302));
