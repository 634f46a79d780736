import { z } from "zod";
import { LIMITS } from "../limits";
import { REGISTRATION_BODIES } from "../limits/companies";
import { SCAN_ALERT_MODES } from "../limits/scans";
import { VALIDITY_DAYS } from "../limits/codes";
import { emailField, optionalPhone, optionalText, requiredText } from "./common";

/** Company Details, editable by the owner: the same fields and length caps as registration. */
export const companyDetailsSchema = z.object({
  name: requiredText(LIMITS.companyName, "Company name is required"),
  email: emailField,
  phone: optionalPhone,
  location: optionalText(LIMITS.location),
  /** Days a new code stays valid after its valuation date; absent leaves the period unchanged. */
  validityDays: z.preprocess(
    (value) => (value === "" || value === null ? undefined : typeof value === "string" ? Number(value.trim()) : value),
    z
      .number({ error: "Validity period must be a whole number of days" })
      .int("Validity period must be a whole number of days")
      .min(VALIDITY_DAYS.min, `Validity period must be between ${VALIDITY_DAYS.min} and ${VALIDITY_DAYS.max} days`)
      .max(VALIDITY_DAYS.max, `Validity period must be between ${VALIDITY_DAYS.min} and ${VALIDITY_DAYS.max} days`)
      .optional(),
  ),
  /**
   * The owner's password, required only to change the company email (checked on the server): the
   * email is part of the identity ValuSeal verifies, so a stolen session alone cannot move it.
   */
  currentPassword: z.string().max(LIMITS.password).optional(),
});
export type CompanyDetailsInput = z.input<typeof companyDetailsSchema>;
export type CompanyDetails = z.output<typeof companyDetailsSchema>;

/** The firm's professional registration; an administrator checks it before the firm's codes show green. */
export const companyRegistrationSchema = z
  .object({
    body: z.enum(REGISTRATION_BODIES, { error: "Choose the professional body" }),
    bodyName: optionalText(LIMITS.registrationBodyName),
    number: requiredText(LIMITS.registrationNumber, "Registration number is required"),
    note: optionalText(LIMITS.registrationNote),
  })
  .refine((data) => data.body !== "Other" || Boolean(data.bodyName), {
    message: "Name the professional body",
    path: ["bodyName"],
  });
export type CompanyRegistrationInput = z.input<typeof companyRegistrationSchema>;

/**
 * An IANA time zone name (or UTC). Offsets such as "+03:00" are refused although newer engines
 * accept them: Postgres reads a bare offset as a POSIX zone with the sign inverted, so a code would
 * expire hours away from its day.
 */
function isTimeZone(zone: string): boolean {
  try {
    const canonical = new Intl.DateTimeFormat("en-GB", { timeZone: zone }).resolvedOptions().timeZone;
    return canonical === "UTC" || Intl.supportedValuesOf("timeZone").includes(canonical);
  } catch {
    return false;
  }
}

/** How the company hears about scans by email; the digest goes out at 08:00 in `timeZone`. */
export const scanAlertSettingsSchema = z.object({
  mode: z.enum(SCAN_ALERT_MODES, { error: "Choose per scan, daily digest or none" }),
  timeZone: z
    .string({ error: "Choose a time zone" })
    .trim()
    .max(LIMITS.timeZone)
    .refine(isTimeZone, "Choose a time zone by name, such as Africa/Nairobi (offsets such as +03:00 are not accepted)")
    // Stored under its canonical name ("US/Pacific-New" is America/Los_Angeles): the database
    // computes codes' expiry in this zone and knows only the names of its own time zone data.
    .transform((zone) => new Intl.DateTimeFormat("en-GB", { timeZone: zone }).resolvedOptions().timeZone)
    .optional(),
});
export type ScanAlertSettingsInput = z.input<typeof scanAlertSettingsSchema>;
