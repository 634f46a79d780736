import { eq } from "drizzle-orm";
import { queueEmails } from "../../request/after-response";
import { Hono } from "hono";
import { users } from "../../../schema/tables";
import {
  changeEmailSchema,
  changePasswordSchema,
  profileSchema,
  scanAlertOptInSchema,
} from "../../../schema/validation/profile";
import type { AppEnv } from "../../env";
import { badRequest } from "../../lib/errors";
import { hashPassword } from "../../lib/passwords";
import { validate } from "../../lib/validation";
import { requireConfirmedEmail, requireUser } from "../../middleware/auth";
import { enforceRateLimit } from "../../middleware/rate-limit";
import { isCurrentPassword, replacePassword, requestUserEmailChange } from "../../services/accounts";
import { pendingEmailChange } from "../../services/email-tokens";
import { publicUser } from "../../services/sessions";
import { securityRoutes } from "./security";

/** Answers about one field carry a "field: message" line too, so the form shows them on that field. */
const WRONG_PASSWORD = "Current password is incorrect";
const SAME_EMAIL = "That is already your email";

/**
 * Every signed-in user's own name, email, password and alert choice (the user menu's Profile
 * Settings), and their sign-in security (./security.ts).
 */
export const profileRoutes = new Hono<AppEnv>()
  .route("/security", securityRoutes)
  .put("/", requireUser, validate("json", profileSchema), async (c) => {
    const { firstName, lastName } = c.req.valid("json");
    await c.var.db.update(users).set({ firstName, lastName }).where(eq(users.id, c.var.user.id));
    return c.json(publicUser({ ...c.var.user, firstName, lastName }));
  })
  .post("/password", requireUser, validate("json", changePasswordSchema), async (c) => {
    const { currentPassword, newPassword } = c.req.valid("json");
    const { db, user } = c.var;
    // A stolen session must not be able to guess the current password at leisure.
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `password:${user.id}`);
    if (!(await isCurrentPassword(db, user.id, currentPassword)))
      throw badRequest(WRONG_PASSWORD, [`currentPassword: ${WRONG_PASSWORD}`]);
    await replacePassword(
      c.var.transactional(),
      user.id,
      await hashPassword(newPassword, c.var.config.PASSWORD_HASHING),
      user.sessionId,
    );
    return c.json({ message: "Password changed. Other sessions have been signed out." });
  })
  .get("/email", requireUser, async (c) => {
    const pending = await pendingEmailChange(c.var.db, { userId: c.var.user.id }, "change-user-email");
    return c.json({ email: c.var.user.email, emailVerified: c.var.user.emailVerifiedAt !== null, pending });
  })
  .put(
    "/email",
    requireUser,
    requireConfirmedEmail("change your email"),
    validate("json", changeEmailSchema),
    async (c) => {
      const { email, currentPassword } = c.req.valid("json");
      const { db, user } = c.var;
      await enforceRateLimit(c, "EMAIL_LIMITER", `email-change:${user.id}`);
      if (!(await isCurrentPassword(db, user.id, currentPassword)))
        throw badRequest(WRONG_PASSWORD, [`currentPassword: ${WRONG_PASSWORD}`]);
      if (email.toLowerCase() === user.email.toLowerCase()) throw badRequest(SAME_EMAIL, [`email: ${SAME_EMAIL}`]);
      queueEmails(c, await requestUserEmailChange(db, user, email));
      return c.json(
        { message: `We sent a confirmation link to ${email}. Your email changes when you follow it.` },
        202,
      );
    },
  )
  .put("/scan-alerts", requireUser, validate("json", scanAlertOptInSchema), async (c) => {
    const { scanAlertEmails } = c.req.valid("json");
    await c.var.db.update(users).set({ scanAlertEmails }).where(eq(users.id, c.var.user.id));
    return c.json(publicUser({ ...c.var.user, scanAlertEmails }));
  });
