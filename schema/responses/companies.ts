import { z } from "zod";
import { REGISTRATION_BODIES, ISSUER_REVIEW_STATES } from "../limits/companies";
import { SCAN_ALERT_MODES } from "../limits/scans";
import { pendingEmailChangeAnswer } from "./auth";
import { rowId, timestamp } from "./fields";

/** The firm's professional registration and where ValuSeal's check of it stands. */
export const companyRegistrationFields = {
  registrationBody: z.enum(REGISTRATION_BODIES).nullable(),
  registrationBodyName: z
    .string()
    .nullable()
    .meta({ description: 'The body\'s name when registrationBody is "Other"' }),
  registrationNumber: z.string().nullable(),
  registrationNote: z.string().nullable(),
  verificationStatus: z.enum(ISSUER_REVIEW_STATES),
  verifiedAt: timestamp
    .nullable()
    .meta({ description: "When an administrator verified the firm; null unless verified (or awaiting re-review)" }),
  verificationNote: z.string().nullable().meta({ description: "The administrator's note on the latest decision" }),
};

/** A company's own record: its name and contact details, its owner, and whether it is active. */
export const companyProfileFields = {
  id: rowId,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  ownerId: rowId,
  isActive: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
};

/**
 * GET and PUT /api/companies/current: everything about the company a member may see. Its webhook
 * endpoints are listed at /api/webhooks.
 */
export const currentCompanyAnswer = z.strictObject({
  ...companyProfileFields,
  ...companyRegistrationFields,
  scanAlertMode: z.enum(SCAN_ALERT_MODES).meta({
    description: "Scan alerts by email: one per scan, a daily digest at 08:00 in `timeZone`, or none",
  }),
  timeZone: z.string(),
  validityDays: z
    .number()
    .int()
    .meta({ description: "Days a new code stays valid after its valuation date (VALIDITY_DAYS)" }),
  requireSecondFactor: z
    .boolean()
    .meta({ description: "The owner's rule that every member signs in with two-step sign-in" }),
  pendingEmail: pendingEmailChangeAnswer.nullable().meta({
    description:
      "A new company email awaiting confirmation by that address; the company's email is unchanged until then",
  }),
});
export type CurrentCompany = z.infer<typeof currentCompanyAnswer>;
