import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { users } from "../../schema/tables";
import { changePasswordSchema, profileSchema } from "../../schema/validation/profile";
import type { AppEnv } from "../env";
import { badRequest } from "../lib/errors";
import { hashPassword, verifyPassword } from "../lib/passwords";
import { validate } from "../lib/validation";
import { requireUser } from "../middleware/auth";
import { enforceRateLimit } from "../middleware/rate-limit";
import { replacePassword, storedPasswordHash } from "../services/accounts";
import { publicUser } from "../services/sessions";

/** Every signed-in user's own name and password (the user menu's Profile Settings). */
export const profileRoutes = new Hono<AppEnv>()
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
    const stored = await storedPasswordHash(db, user.id);
    if (!stored || !(await verifyPassword(currentPassword, stored))) {
      throw badRequest("Current password is incorrect");
    }
    await replacePassword(db, user.id, await hashPassword(newPassword), user.sessionId);
    return c.json({ message: "Password changed. Other sessions have been signed out." });
  });
