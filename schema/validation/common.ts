import { z } from "zod";
import { passwordWeakness } from "../password-strength";
import { LIMITS } from "../limits";

/** Trimmed text with a length cap; "" becomes undefined for optional fields. */
/**
 * A telephone number as people write it: digits with spaces, dashes, dots or brackets, and a leading
 * "+" for the country code ("+254 712 345 678", "0712-345678"); 7 to 15 digits, the most an
 * international number has (ITU E.164). Optional; anything else is refused on the field.
 */
export const optionalPhone = z
  .string()
  .trim()
  // A number too long is told so alone, not also as "not a phone number".
  .max(LIMITS.phone, { message: `Must be at most ${LIMITS.phone} characters`, abort: true })
  .refine(
    (value) => value === "" || (/^\+?[0-9(][0-9 ().-]*$/.test(value) && /^\d{7,15}$/.test(value.replace(/\D/g, ""))),
    "Enter a phone number, like +254 712 345 678",
  )
  .optional()
  .transform((value) => (value ? value : undefined));

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const emailField = z
  .string({ error: "Invalid email address" })
  .trim()
  .max(LIMITS.email, `Must be at most ${LIMITS.email} characters`)
  .pipe(z.email("Invalid email address"));

/** The password the user has now, asked again before a change to who controls the account. */
export const currentPasswordField = z
  .string({ error: "Current password is required" })
  .min(1, "Current password is required")
  .max(LIMITS.password);

const PASSWORD_TOO_SHORT = `Password must be at least ${LIMITS.passwordMin} characters`;

/**
 * A password someone chooses: long enough, and not among the common, breached or easily guessed
 * ones (an asynchronous check: parse with parseAsync, as the server's validator and the forms do).
 */
export const newPasswordField = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(LIMITS.passwordMin, PASSWORD_TOO_SHORT)
  .max(LIMITS.password, `Must be at most ${LIMITS.password} characters`)
  .refine((value) => value.trim().length > 0, "Password cannot be blank")
  .superRefine(async (value, context) => {
    // Only a password of a valid length is worth estimating; the messages above already explain the rest.
    if (value.length < LIMITS.passwordMin || value.length > LIMITS.password || !value.trim()) return;
    const weakness = await passwordWeakness(value);
    if (weakness) context.addIssue({ code: "custom", message: weakness });
  });
