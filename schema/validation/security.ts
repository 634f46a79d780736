import { z } from "zod";
import { currentPasswordField } from "./common";

/**
 * A second-factor code as typed: six digits from the authenticator app, or one of the recovery
 * codes (letters and digits in groups; spaces and dashes are ignored).
 */
export const secondFactorCodeField = z
  .string({ error: "Enter the code from your authenticator app or a recovery code" })
  .trim()
  .min(1, "Enter the code from your authenticator app or a recovery code")
  .max(32, "That is not a code from your authenticator app or a recovery code");

export const secondFactorCodeSchema = z.object({ code: secondFactorCodeField });
export type SecondFactorCodeInput = z.input<typeof secondFactorCodeSchema>;

/** POST /api/login/second-factor: the challenge the password step answered with, and the code. */
export const secondFactorSignInSchema = z.object({
  challenge: z.string({ error: "Sign in again" }).min(1, "Sign in again").max(2048),
  code: secondFactorCodeField,
});
export type SecondFactorSignInInput = z.input<typeof secondFactorSignInSchema>;

/** Starting to set up two-step sign-in asks for the password. */
export const currentPasswordSchema = z.object({ currentPassword: currentPasswordField });
export type CurrentPasswordInput = z.input<typeof currentPasswordSchema>;

/** Turning two-step sign-in off asks for the password and a current code. */
export const disableSecondFactorSchema = z.object({
  currentPassword: currentPasswordField,
  code: secondFactorCodeField,
});
export type DisableSecondFactorInput = z.input<typeof disableSecondFactorSchema>;

/** PUT /api/companies/current/security: the owner's rule for the whole team. */
export const teamSecuritySchema = z.object({
  requireSecondFactor: z.boolean({ error: "Choose whether the team must use two-step sign-in" }),
});
export type TeamSecurityInput = z.input<typeof teamSecuritySchema>;
