import { z } from "zod";
import { LIMITS } from "../limits";
import { normaliseRegistrationNumber } from "../valuer-register";
import { optionalPhone, optionalText, requiredText } from "./common";

/**
 * The valuer dialog (Full Name, Phone Number, Professional Qualification) and the owner's
 * Active/Inactive switch. Ids, company and timestamps are never taken from the body.
 */
export const valuerSchema = z.object({
  name: requiredText(LIMITS.valuerName, "Full name is required"),
  phone: optionalPhone,
  qualification: optionalText(LIMITS.qualification),
  /**
   * The valuer's registration number with their professional body, shown on certificates and
   * checked against the register: a number with nothing to match ("VRB/0/000", punctuation) is
   * refused, so it can never stand on a certificate unchecked beside a real-looking number.
   */
  registrationNumber: optionalText(LIMITS.registrationNumber).refine(
    (value) => value === undefined || normaliseRegistrationNumber(value) !== "",
    "Enter the registration number as the register writes it, like VRB/V/1182",
  ),
  isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
});
export type ValuerInput = z.input<typeof valuerSchema>;
