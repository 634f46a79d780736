import { z } from "zod";
import { LIMITS } from "../limits";
import { optionalPhone, optionalText, requiredText } from "./common";

/**
 * The valuer dialog (Full Name, Phone Number, Professional Qualification) and the owner's
 * Active/Inactive switch. Ids, company and timestamps are never taken from the body.
 */
export const valuerSchema = z.object({
  name: requiredText(LIMITS.valuerName, "Full name is required"),
  phone: optionalPhone,
  qualification: optionalText(LIMITS.qualification),
  /** The valuer's registration number with their professional body, shown on certificates. */
  registrationNumber: optionalText(LIMITS.registrationNumber),
  isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
});
export type ValuerInput = z.input<typeof valuerSchema>;
