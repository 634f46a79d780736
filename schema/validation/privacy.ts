import { z } from "zod";
import { LIMITS } from "../limits";
import { currentPasswordField } from "./common";
import {
  DATA_REQUEST_KINDS,
  DATA_REQUEST_STATUSES,
  DATA_REQUEST_TEXT_MAX,
  DATA_REQUESTER_ROLES,
} from "../limits/privacy";

const day = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), message);

const text = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(DATA_REQUEST_TEXT_MAX, `At most ${DATA_REQUEST_TEXT_MAX} characters`);

/** POST /api/admin/data-requests: a request about personal data from someone who is not a user. */
export const newDataRequestSchema = z.strictObject({
  requesterName: z
    .string({ error: "Enter who is asking" })
    .trim()
    .min(1, "Enter who is asking")
    .max(200, "At most 200 characters"),
  requesterContact: z
    .string({ error: "Enter how to answer them (an email or a postal address)" })
    .trim()
    .min(3, "Enter how to answer them (an email or a postal address)")
    .max(300, "At most 300 characters"),
  requesterRole: z.enum(DATA_REQUESTER_ROLES, { error: "Choose who they are" }),
  kind: z.enum(DATA_REQUEST_KINDS, { error: "Choose what they ask for" }),
  request: text("Enter what they asked, in their words"),
  receivedOn: day("Enter the day it was received (YYYY-MM-DD)"),
});
export type NewDataRequest = z.output<typeof newDataRequestSchema>;
export type NewDataRequestInput = z.input<typeof newDataRequestSchema>;

/** PATCH /api/admin/data-requests/{id}: what was done, and the answer once it is sent. */
export const dataRequestUpdateSchema = z
  .strictObject({
    status: z.enum(DATA_REQUEST_STATUSES, { error: "Choose open, done or refused" }),
    actionsTaken: text("Say what was done").optional(),
    answer: text("Enter the answer as sent").optional(),
    answeredOn: day("Enter the day the answer was sent (YYYY-MM-DD)").optional(),
  })
  .refine((update) => update.status === "open" || (update.actionsTaken && update.answer && update.answeredOn), {
    message: "A request is closed with what was done, the answer sent and the day it was sent",
    path: ["answer"],
  });
export type DataRequestUpdate = z.output<typeof dataRequestUpdateSchema>;

/** POST /api/profile/deletion: the user deletes their own account (in force after the grace). */
export const accountDeletionSchema = z.strictObject({ currentPassword: currentPasswordField });
export type AccountDeletionInput = z.input<typeof accountDeletionSchema>;

const NAME_TO_CONFIRM = "Type the organisation's name to confirm";

/**
 * POST /api/companies/current/closure: the owner closes the organisation, typing its name as a
 * check that they know which one, and their password.
 */
export const organisationClosureSchema = z.strictObject({
  organisationName: z.string({ error: NAME_TO_CONFIRM }).trim().min(1, NAME_TO_CONFIRM).max(LIMITS.companyName),
  currentPassword: currentPasswordField,
});
export type OrganisationClosureInput = z.input<typeof organisationClosureSchema>;
