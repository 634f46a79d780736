import { z } from "zod";
import { ORGANISATION_KINDS } from "../limits/companies";
import { EMAIL_TOKEN_PURPOSES } from "../limits/accounts";
import { rowId, timestamp } from "./fields";

/** Who requires two-step sign-in of a user: administrators always, members when their company says so. */
export const secondFactorRequiredBy = z.enum(["administrator", "company"]).nullable();

/** The company a signed-in user works for, as the session carries it. */
const sessionCompanyAnswer = z.strictObject({
  id: rowId,
  name: z.string(),
  ownerId: rowId,
  isActive: z.boolean(),
  kind: z.enum(ORGANISATION_KINDS).meta({ description: "A valuation firm (issuer) or a lender" }),
  closureDueAt: timestamp
    .nullable()
    .meta({ description: "When the organisation closes, as its owner asked; the owner can undo it until then" }),
});

/** A user's own fields, without the password hash, as every view of a user shares them. */
export const userFields = {
  id: rowId,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.string(),
  isActive: z.boolean(),
  companyId: rowId.nullable(),
  createdAt: timestamp,
  emailVerified: z
    .boolean()
    .meta({ description: "Whether the user has followed the confirmation link sent to `email`; codes need it" }),
  scanAlertEmails: z
    .boolean()
    .meta({ description: "A member's choice to receive the company's scan alert emails (the owner always does)" }),
};

/**
 * The public view of a user, never the password hash: GET /api/auth/user, PUT /api/profile, and
 * the `user` of every sign-in answer. Administrators have no company.
 */
export const publicUserAnswer = z.strictObject({
  ...userFields,
  company: sessionCompanyAnswer.nullable(),
  secondFactor: z.strictObject({
    enabled: z.boolean().meta({ description: "Two-step sign-in is on for the account" }),
    verified: z.boolean().meta({ description: "This session proved it (at sign-in, or by setting it up)" }),
    requiredBy: secondFactorRequiredBy,
  }),
  deletionDueAt: timestamp
    .nullable()
    .meta({ description: "When the account is erased, as its user asked; they can undo it until then" }),
});
export type PublicUser = z.infer<typeof publicUserAnswer>;

/** An email change that takes effect when the new address follows its link (before `expiresAt`). */
export const pendingEmailChangeAnswer = z.strictObject({ email: z.string(), expiresAt: timestamp });

/** GET /api/profile/email: the sign-in email, and a change awaiting confirmation by the new address. */
export const profileEmailAnswer = z.strictObject({
  email: z.string(),
  emailVerified: z.boolean(),
  pending: pendingEmailChangeAnswer.nullable(),
});
export type ProfileEmail = z.infer<typeof profileEmailAnswer>;

/** POST /api/auth/confirm-email: what the followed link confirmed. */
export const confirmedEmailAnswer = z.strictObject({
  message: z.string(),
  purpose: z.enum(EMAIL_TOKEN_PURPOSES).exclude(["password-reset"]),
  email: z.string(),
});
export type ConfirmedEmail = z.infer<typeof confirmedEmailAnswer>;

/**
 * POST /api/register, POST /api/login and POST /api/invites/:token/accept: the bearer token of the
 * new session and the user it belongs to.
 */
export const signedInAnswer = z.strictObject({ token: z.string(), user: publicUserAnswer });
export type SignedIn = z.infer<typeof signedInAnswer>;

/**
 * POST /api/register: the same answer whether or not the email already had an account (the email
 * sent says which); the new account signs in once the owner chooses to.
 */
export const registrationSentAnswer = z.strictObject({ message: z.string(), email: z.string() });
