import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { Hono } from "hono";
import type { SecurityOverview } from "../../../schema/responses";
import {
  currentPasswordSchema,
  disableSecondFactorSchema,
  passkeyRegistrationSchema,
  secondFactorCodeSchema,
} from "../../../schema/validation/security";
import type { AppEnv } from "../../env";
import { notFound } from "../../lib/errors";
import { parseId, validate } from "../../lib/validation";
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

/**
 * /api/profile/security: the user's two-step sign-in (an authenticator app and recovery codes) and
 * their signed-in sessions. Setting it up asks for the password, so a borrowed session cannot lock
 * the owner out with an app of its own; turning it off asks for the password and a code.
 */
export const securityRoutes = new Hono<AppEnv>()
  .get("/", requireUser, async (c) => {
    const { db, user } = c.var;
    const [sessions, codesLeft, keys] = await Promise.all([
      listSessions(db, user.id, user.sessionId),
      recoveryCodesLeft(db, user.id),
      listPasskeys(db, user.id),
    ]);
    const state = secondFactorState(user);
    return c.json({
      twoStepEnabled: state.enabled,
      totpEnabled: user.totpEnabledAt !== null,
      passkeys: keys,
      recoveryCodesLeft: codesLeft,
      requiredBy: state.requiredBy,
      sessions,
    } satisfies SecurityOverview);
  })
  .post("/totp", requireUser, validate("json", currentPasswordSchema), async (c) => {
    const { db, user, config } = c.var;
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `password:${user.id}`);
    await assertCurrentPassword(db, user.id, c.req.valid("json").currentPassword);
    return c.json(await startTotpEnrolment(db, config.WEBHOOK_SECRET_KEY, user), 201);
  })
  .post("/totp/confirm", requireUser, validate("json", secondFactorCodeSchema), async (c) => {
    const { user, config } = c.var;
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `second-factor:${user.id}`);
    const codes = await confirmTotpEnrolment(
      c.var.transactional(),
      config.WEBHOOK_SECRET_KEY,
      user.id,
      user.sessionId,
      c.req.valid("json").code,
    );
    return c.json(codes);
  })
  .delete("/totp", requireUser, validate("json", disableSecondFactorSchema), async (c) => {
    const { db, user, config } = c.var;
    const { currentPassword, code } = c.req.valid("json");
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `password:${user.id}`);
    await assertCurrentPassword(db, user.id, currentPassword);
    const check = await checkSecondFactor(c.var.transactional(), config.WEBHOOK_SECRET_KEY, user.id, code);
    if (!check.ok) throw check.error;
    await disableTotp(c.var.transactional(), user.id);
    return c.json({ message: "Two-step sign-in is off." });
  })
  .post("/recovery-codes", requireUser, validate("json", secondFactorCodeSchema), async (c) => {
    const { user, config } = c.var;
    const check = await checkSecondFactor(
      c.var.transactional(),
      config.WEBHOOK_SECRET_KEY,
      user.id,
      c.req.valid("json").code,
    );
    if (!check.ok) throw check.error;
    return c.json(await regenerateRecoveryCodes(c.var.transactional(), user.id));
  })
  .post("/passkeys/options", requireUser, validate("json", currentPasswordSchema), async (c) => {
    const { db, user } = c.var;
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `password:${user.id}`);
    await assertCurrentPassword(db, user.id, c.req.valid("json").currentPassword);
    return c.json(await passkeyRegistrationOptions(db, user, relyingParty(c)));
  })
  .post("/passkeys", requireUser, validate("json", passkeyRegistrationSchema), async (c) => {
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
  .delete("/passkeys/:id", requireUser, async (c) => {
    const id = parseId(c.req.param("id"), "Passkey not found");
    if (!(await removePasskey(c.var.db, c.var.user.id, id))) throw notFound("Passkey not found");
    return c.json({ message: "Passkey removed" });
  })
  .delete("/sessions/:id", requireUser, async (c) => {
    const { db, user } = c.var;
    if (!(await endSessionByHandle(db, user.id, c.req.param("id")))) throw notFound("Session not found");
    return c.json({ message: "Signed out on that device" });
  })
  .post("/sessions/sign-out-others", requireUser, async (c) => {
    const { db, user } = c.var;
    await endSessions(db, [user.id], { except: user.sessionId });
    return c.json({ message: "Signed out everywhere else" });
  });
