import { z } from "zod";
import { LIMITS } from "../limits";
import { emailField, optionalText, requiredText } from "./common";

/** Company Details, editable by the owner: the same fields and length caps as registration. */
export const companyDetailsSchema = z.object({
  name: requiredText(LIMITS.companyName, "Company name is required"),
  email: emailField,
  phone: optionalText(LIMITS.phone),
  location: optionalText(LIMITS.location),
});
export type CompanyDetailsInput = z.input<typeof companyDetailsSchema>;
