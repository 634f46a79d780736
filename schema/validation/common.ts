import { z } from "zod";
import { LIMITS } from "../limits";

/** Trimmed text with a length cap; "" becomes undefined for optional fields. */
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

export const newPasswordField = z
  .string({ error: "Password must be at least 8 characters" })
  .min(LIMITS.passwordMin, "Password must be at least 8 characters")
  .max(LIMITS.password, `Must be at most ${LIMITS.password} characters`)
  .refine((value) => value.trim().length > 0, "Password cannot be blank");
