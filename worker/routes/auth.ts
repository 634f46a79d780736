import { Hono } from "hono";
import { loginSchema, registerSchema } from "../../schema/validation/auth";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "../lib/passwords";
import { validate } from "../lib/validation";
import { requireUser } from "../middleware/auth";
import { clientAddress } from "../lib/client-address";
import { enforceRateLimit } from "../middleware/rate-limit";
import { findAccountByEmail, registerAccount } from "../services/accounts";
import { endSession, publicUser, signedInResponse } from "../services/sessions";

const INVALID_CREDENTIALS = "Invalid email or password";

/** Signing up, in and out: the only module mounted at the API's root (/api/register, /api/login, …). */
export const authRoutes = new Hono<AppEnv>()
  .post("/register", validate("json", registerSchema), async (c) => {
    const input = c.req.valid("json");
    await enforceRateLimit(c, "AUTH_IP_LIMITER", `register:${clientAddress(c)}`);
    const userId = await registerAccount(c.var.db, input, await hashPassword(input.password));
    return c.json(await signedInResponse(c.var.db, c.var.config.JWT_SECRET, userId, c.req.header("User-Agent")), 201);
  })
  .post("/login", validate("json", loginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    await enforceRateLimit(c, "AUTH_IP_LIMITER", `login:${clientAddress(c)}`);
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `login:${email.toLowerCase()}`);
    const user = await findAccountByEmail(c.var.db, email);
    // Unknown emails still pay for a hash, so timing does not reveal which emails exist.
    const passwordMatches = await verifyPassword(password, user?.password ?? DUMMY_PASSWORD_HASH);
    if (!user || !passwordMatches) throw new ApiError(401, INVALID_CREDENTIALS);
    if (!user.isActive) throw new ApiError(403, "Your account has been deactivated. Contact your administrator.");
    return c.json(await signedInResponse(c.var.db, c.var.config.JWT_SECRET, user.id, c.req.header("User-Agent")));
  })
  .get("/auth/user", requireUser, (c) => c.json(publicUser(c.var.user)))
  .post("/logout", requireUser, async (c) => {
    await endSession(c.var.db, c.var.user.sessionId);
    return c.json({ message: "Signed out" });
  });

/** Browser navigations to /api/login and /api/logout: plain redirects that need no database. */
export const authRedirectRoutes = new Hono<AppEnv>()
  .get("/login", (c) => c.redirect("/?signin=1", 302))
  .get("/logout", (c) => c.redirect("/", 302));
