import { createRoute } from "@hono/zod-openapi";
import { messageAnswer } from "#schema/responses/index.ts";
import { queueEmails } from "../request/after-response";
import { passwordResetRequestSchema, passwordResetSchema } from "#schema/validation/auth.ts";
import { hashPassword } from "../lib/passwords";
import { enforceRateLimit, limitNetwork } from "../middleware/rate-limit";
import { requestPasswordReset, resetPassword } from "../services/accounts/accounts";
import { documentedRoutes, jsonAnswer, jsonBody } from "./contract";

const PASSWORD_RESET_SENT =
  "If an account exists for that email, we have sent it a link to reset the password. The link expires in 1 hour.";

const requestReset = createRoute({
  method: "post",
  path: "/",
  middleware: [limitNetwork("EMAIL_LIMITER", "reset")] as const,
  request: jsonBody(passwordResetRequestSchema),
  responses: { 202: jsonAnswer(messageAnswer, "The same answer whether or not the email has an account") },
});

const confirmReset = createRoute({
  method: "post",
  path: "/confirm",
  middleware: [limitNetwork("AUTH_IP_LIMITER", "reset-confirm")] as const,
  request: jsonBody(passwordResetSchema),
  responses: { 200: jsonAnswer(messageAnswer, "The password is changed") },
});

/** The answer when recovery ended more than sessions (docs/decisions/048). */
export const RECOVERY_ENDED_FOOTHOLDS =
  "Your password has been changed. We ended what was added since you last proved it was you and emailed you the list. Sign in with the new password.";

/**
 * /api/password-reset: a forgotten password is replaced through a one-time emailed link. The
 * request is answered the same way whether or not the email has an account.
 */
export const passwordResetRoutes = documentedRoutes()
  .openapi(requestReset, async (c) => {
    const { email } = c.req.valid("json");
    await enforceRateLimit(c, "EMAIL_LIMITER", `reset:${email.toLowerCase()}`);
    const message = await requestPasswordReset(c.var.db, email);
    queueEmails(c, message ? [message] : []);
    return c.json({ message: PASSWORD_RESET_SENT }, 202);
  })
  .openapi(confirmReset, async (c) => {
    const { token, password } = c.req.valid("json");
    const notices = await resetPassword(
      c.var.transactional(),
      token,
      await hashPassword(password, c.var.config.PASSWORD_HASHING),
    );
    queueEmails(c, notices);
    return c.json(
      {
        message:
          notices.length > 0
            ? RECOVERY_ENDED_FOOTHOLDS
            : "Your password has been changed. Sign in with the new password.",
      },
      200,
    );
  });
