import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { loginSchema, registerSchema } from "../../schema/validation/auth";
import { companies, users } from "../../schema/tables";
import type { AppEnv } from "../env";
import { endSession, publicUser, signedInResponse } from "../lib/auth-session";
import { ApiError, isUniqueViolation } from "../lib/errors";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "../lib/passwords";
import { validate } from "../lib/validation";
import { requireUser } from "../middleware/auth";
import { clientAddress, enforceRateLimit } from "../middleware/rate-limit";

const INVALID_CREDENTIALS = "Invalid email or password";

export const authRoutes = new Hono<AppEnv>()
  .post("/register", validate("json", registerSchema), async (c) => {
    const input = c.req.valid("json");
    await enforceRateLimit(c, "AUTH_IP_LIMITER", `register:${clientAddress(c)}`);
    const passwordHash = await hashPassword(input.password);
    let userId: number;
    try {
      userId = await c.var.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ email: input.email, password: passwordHash, firstName: input.firstName, lastName: input.lastName })
          .returning({ id: users.id });
        const [company] = await tx
          .insert(companies)
          .values({
            name: input.name,
            email: input.email,
            phone: input.phone,
            location: input.location,
            ownerId: user!.id,
          })
          .returning({ id: companies.id });
        await tx.update(users).set({ companyId: company!.id }).where(eq(users.id, user!.id));
        return user!.id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, "An account with this email already exists");
      throw error;
    }
    return c.json(await signedInResponse(c.var.db, c.var.config.JWT_SECRET, userId, c.req.header("User-Agent")), 201);
  })
  .post("/login", validate("json", loginSchema), async (c) => {
    const { email, password } = c.req.valid("json");
    await enforceRateLimit(c, "AUTH_IP_LIMITER", `login:${clientAddress(c)}`);
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `login:${email.toLowerCase()}`);
    const [user] = await c.var.db
      .select({ id: users.id, password: users.password, isActive: users.isActive })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
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

/** Browser navigations the spec makes (SPEC 6, 7): they need no database. */
export const authRedirectRoutes = new Hono<AppEnv>()
  .get("/login", (c) => c.redirect("/?signin=1", 302))
  .get("/logout", (c) => c.redirect("/", 302));
