import { LANGUAGES } from "../language";
import { z } from "zod";
import { LIMITS } from "../limits";
import { LENDER_TYPES, ORGANISATION_KINDS } from "../limits/companies";
import { safeNextPath } from "../next-path";
import { emailField, newPasswordField, optionalPhone, optionalText, requiredText } from "./common";

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(LIMITS.password),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    firstName: requiredText(LIMITS.firstName, "First name is required"),
    lastName: requiredText(LIMITS.lastName, "Last name is required"),
    name: requiredText(LIMITS.companyName, "Company name is required"),
    email: emailField,
    phone: optionalPhone,
    location: optionalText(LIMITS.location),
    password: newPasswordField,
    confirmPassword: z.string({ error: "Passwords don't match" }),
    /** "I issue valuations" (a valuation firm) or "I rely on valuations" (a lender). */
    organisationKind: z.enum(ORGANISATION_KINDS, { error: "Choose what your organisation does" }).default("issuer"),
    // The form's unchosen select is "", which is no choice rather than a wrong one.
    lenderType: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(LENDER_TYPES, { error: "Choose the kind of lender" }).optional(),
    ),
    /**
     * Where the person was going when they registered (a scanned code's Record reliance): the
     * confirmation email's link carries it through to the sign-in that follows.
     */
    next: z
      .string()
      .optional()
      .refine((value) => value === undefined || safeNextPath(value) !== null, "Not a page of this site"),
    /** The language the form was shown in: the emails that reach the person are written in it. */
    language: z.enum(LANGUAGES, { error: `Choose ${LANGUAGES.join(" or ")}` }).default("en"),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  })
  .refine((data) => data.organisationKind !== "lender" || data.lenderType !== undefined, {
    message: "Choose the kind of lender",
    path: ["lenderType"],
  });
export type RegisterInput = z.input<typeof registerSchema>;
export type Register = z.output<typeof registerSchema>;

/** The token from an emailed link (confirmation or password reset); its shape is checked on use. */
const emailedToken = z.string({ error: "The link is incomplete" }).trim().min(1, "The link is incomplete").max(128);

export const confirmEmailSchema = z.object({ token: emailedToken });
export type ConfirmEmailInput = z.input<typeof confirmEmailSchema>;

export const passwordResetRequestSchema = z.object({ email: emailField });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** A new password follows the registration rules. */
export const passwordResetSchema = z
  .object({
    token: emailedToken,
    password: newPasswordField,
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type PasswordResetInput = z.input<typeof passwordResetSchema>;
