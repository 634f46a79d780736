import { eq } from "drizzle-orm";
import { queueEmails } from "#worker/request/after-response.ts";
import { createRoute } from "@hono/zod-openapi";
import {
  accountDeletionAnswer,
  messageAnswer,
  profileEmailAnswer,
  publicUserAnswer,
  userDataExportAnswer,
} from "#schema/responses/index.ts";
import { accountDeletionSchema } from "#schema/validation/privacy.ts";
import { formatDate } from "#schema/format-date.ts";
import { users } from "#schema/tables.ts";
import { CLOSING_GRACE_DAYS } from "#schema/limits/privacy.ts";
import {
  changeEmailSchema,
  changePasswordSchema,
  languageChoiceSchema,
  profileSchema,
  scanAlertOptInSchema,
} from "#schema/validation/profile.ts";
import { badRequest } from "#worker/lib/errors.ts";
import { hashPassword } from "#worker/lib/passwords.ts";
import { requireConfirmedEmail, requireUser } from "#worker/middleware/auth.ts";
import { enforceRateLimit } from "#worker/middleware/rate-limit.ts";
import { isCurrentPassword, replacePassword, requestUserEmailChange } from "#worker/services/accounts/accounts.ts";
import { pendingEmailChange } from "#worker/services/accounts/email-tokens.ts";
import { publicUser } from "#worker/services/accounts/sessions.ts";
import { userDataExport, userExportFileName } from "#worker/services/privacy/data-export.ts";
import { cancelAccountDeletion, scheduleAccountDeletion } from "#worker/services/privacy/closing.ts";
import { documentedRoutes, jsonAnswer, jsonBody } from "../contract";
import { securityRoutes } from "./security";

/** Answers about one field carry a "field: message" line too, so the form shows them on that field. */
const WRONG_PASSWORD = "Current password is incorrect";
const SAME_EMAIL = "That is already your email";

const exportOwnData = createRoute({
  method: "get",
  path: "/export",
  middleware: [requireUser] as const,
  responses: {
    200: jsonAnswer(
      userDataExportAnswer,
      "Your own data as a file to keep: profile, sessions, passkeys, the API keys you made, and the audit log's rows about you. Ten exports a minute.",
    ),
  },
});

const requestDeletion = createRoute({
  method: "post",
  path: "/deletion",
  middleware: [requireUser] as const,
  request: jsonBody(accountDeletionSchema),
  responses: {
    202: jsonAnswer(
      accountDeletionAnswer,
      `The account is erased on deletionDueAt (${CLOSING_GRACE_DAYS} days on) unless the user undoes it; an email says so. An organisation's owner closes the organisation instead (409).`,
    ),
  },
});

const undoDeletion = createRoute({
  method: "delete",
  path: "/deletion",
  middleware: [requireUser] as const,
  responses: {
    200: jsonAnswer(messageAnswer, "The account's deletion is called off (nothing happens if none was asked for)"),
  },
});

const updateProfile = createRoute({
  method: "put",
  path: "/",
  middleware: [requireUser] as const,
  request: jsonBody(profileSchema),
  responses: { 200: jsonAnswer(publicUserAnswer, "The user as changed") },
});

const changePassword = createRoute({
  method: "post",
  path: "/password",
  middleware: [requireUser] as const,
  request: jsonBody(changePasswordSchema),
  responses: { 200: jsonAnswer(messageAnswer, "The password is changed and other sessions are signed out") },
});

const readEmail = createRoute({
  method: "get",
  path: "/email",
  middleware: [requireUser] as const,
  responses: { 200: jsonAnswer(profileEmailAnswer, "The sign-in email and a change awaiting confirmation") },
});

const changeEmail = createRoute({
  method: "put",
  path: "/email",
  middleware: [requireUser, requireConfirmedEmail("change your email")] as const,
  request: jsonBody(changeEmailSchema),
  responses: { 202: jsonAnswer(messageAnswer, "A confirmation link is on its way to the new address") },
});

const setScanAlerts = createRoute({
  method: "put",
  path: "/scan-alerts",
  middleware: [requireUser] as const,
  request: jsonBody(scanAlertOptInSchema),
  responses: { 200: jsonAnswer(publicUserAnswer, "The user with the choice stored") },
});

const setLanguage = createRoute({
  method: "put",
  path: "/language",
  middleware: [requireUser] as const,
  request: jsonBody(languageChoiceSchema),
  responses: { 200: jsonAnswer(messageAnswer, "The language is stored; the emails that speak it use it") },
});

/**
 * Every signed-in user's own name, email, password and alert choice (the user menu's Profile
 * Settings), and their sign-in security (./security.ts).
 */
export const profileRoutes = documentedRoutes()
  .route("/security", securityRoutes)
  .openapi(exportOwnData, async (c) => {
    await enforceRateLimit(c, "EXPORT_LIMITER", `export:user:${c.var.user.id}`);
    return c.json(await userDataExport(c.var.db, c.var.user.id), 200, {
      "Content-Disposition": `attachment; filename="${userExportFileName()}"`,
      "Cache-Control": "no-store",
    });
  })
  .openapi(requestDeletion, async (c) => {
    const { currentPassword } = c.req.valid("json");
    const { db, user } = c.var;
    await enforceRateLimit(c, "AUTH_EMAIL_LIMITER", `password:${user.id}`);
    if (!(await isCurrentPassword(db, user.id, currentPassword)))
      throw badRequest(WRONG_PASSWORD, [`currentPassword: ${WRONG_PASSWORD}`]);
    const { deletionDueAt, email } = await scheduleAccountDeletion(c.var.transactional(), {
      id: user.id,
      email: user.email,
      role: user.role,
      ownsCompany: user.company?.ownerId === user.id,
    });
    queueEmails(c, [email]);
    return c.json(
      {
        message: `Your account will be deleted on ${formatDate(deletionDueAt)}. You can undo this until then.`,
        deletionDueAt: deletionDueAt.toISOString(),
      },
      202,
    );
  })
  .openapi(undoDeletion, async (c) => {
    await cancelAccountDeletion(c.var.transactional(), c.var.user);
    return c.json({ message: "Your account will not be deleted." }, 200);
  })
  .openapi(updateProfile, async (c) => {
    const { firstName, lastName } = c.req.valid("json");
    await c.var.db.update(users).set({ firstName, lastName }).where(eq(users.id, c.var.user.id));
    return c.json(publicUser({ ...c.var.user, firstName, lastName }), 200);
  })
  .openapi(changePassword, async (c) => {
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
    return c.json({ message: "Password changed. Other sessions have been signed out." }, 200);
  })
  .openapi(readEmail, async (c) => {
    const pending = await pendingEmailChange(c.var.db, { userId: c.var.user.id }, "change-user-email");
    return c.json({ email: c.var.user.email, emailVerified: c.var.user.emailVerifiedAt !== null, pending }, 200);
  })
  .openapi(changeEmail, async (c) => {
    const { email, currentPassword } = c.req.valid("json");
    const { db, user } = c.var;
    await enforceRateLimit(c, "EMAIL_LIMITER", `email-change:${user.id}`);
    if (!(await isCurrentPassword(db, user.id, currentPassword)))
      throw badRequest(WRONG_PASSWORD, [`currentPassword: ${WRONG_PASSWORD}`]);
    if (email.toLowerCase() === user.email.toLowerCase()) throw badRequest(SAME_EMAIL, [`email: ${SAME_EMAIL}`]);
    queueEmails(c, await requestUserEmailChange(db, user, email));
    return c.json({ message: `We sent a confirmation link to ${email}. Your email changes when you follow it.` }, 202);
  })
  .openapi(setScanAlerts, async (c) => {
    const { scanAlertEmails } = c.req.valid("json");
    await c.var.db.update(users).set({ scanAlertEmails }).where(eq(users.id, c.var.user.id));
    return c.json(publicUser({ ...c.var.user, scanAlertEmails }), 200);
  })
  .openapi(setLanguage, async (c) => {
    const { language } = c.req.valid("json");
    await c.var.db.update(users).set({ language }).where(eq(users.id, c.var.user.id));
    return c.json({ message: "Language saved" }, 200);
  });
