import { LANGUAGES } from "../language";
import { z } from "zod";
import { LIMITS } from "../limits";
import { currentPasswordField, emailField, newPasswordField, requiredText } from "./common";

export const profileSchema = z.object({
  firstName: requiredText(LIMITS.firstName, "First name is required"),
  lastName: requiredText(LIMITS.lastName, "Last name is required"),
});
export type ProfileInput = z.input<typeof profileSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((data) => data.newPassword === data.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** A new sign-in email takes effect only once the new address confirms it; the password proves it is you. */
export const changeEmailSchema = z.object({
  email: emailField,
  currentPassword: currentPasswordField,
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** A member's own choice to receive the company's scan alert emails. */
export const scanAlertOptInSchema = z.object({
  scanAlertEmails: z.boolean({ error: "scanAlertEmails must be true or false" }),
});
export type ScanAlertOptInInput = z.input<typeof scanAlertOptInSchema>;

/** PUT /api/profile/language: the language the person chose on the screens that speak it, for their emails. */
export const languageChoiceSchema = z.object({
  language: z.enum(LANGUAGES, { error: `Choose ${LANGUAGES.join(" or ")}` }),
});
