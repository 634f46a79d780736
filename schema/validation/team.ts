import { z } from "zod";
import { LIMITS } from "../limits";
import { emailField, newPasswordField, requiredText } from "./common";

/** An invite link is valid this long; the owner can always send a new one. */
export const INVITE_VALID_DAYS = 7;
/**
 * Invitation emails (new and resent) a company may send in 24 hours: a firm's team is a handful
 * of people, and the cap keeps our name from carrying anyone's mass mailing.
 */
export const INVITATIONS_PER_DAY = 20;
/** Length of the one-time token in the link (base62, ~190 bits). */
export const INVITE_TOKEN_LENGTH = 32;

export const inviteSchema = z.object({ email: emailField });
export type InviteInput = z.input<typeof inviteSchema>;

/** The invitee sets name and password; the email is the invite's, never the form's. */
export const acceptInviteSchema = z
  .object({
    firstName: requiredText(LIMITS.firstName, "First name is required"),
    lastName: requiredText(LIMITS.lastName, "Last name is required"),
    password: newPasswordField,
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type AcceptInviteInput = z.input<typeof acceptInviteSchema>;
