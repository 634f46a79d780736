import { z } from "zod";
import { DATA_REQUEST_KINDS, DATA_REQUEST_STATUSES, DATA_REQUESTER_ROLES } from "../limits/privacy";

const time = z.iso.datetime();

/** GET /api/profile/export: the signed-in user's own data, as a file to keep. */
export const userDataExportAnswer = z.strictObject({
  about: z.string(),
  exportedAt: time,
  profile: z.strictObject({
    id: z.number().int(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: z.string(),
    language: z.string(),
    isActive: z.boolean(),
    createdAt: time,
    emailVerifiedAt: time.nullable(),
    identityProvenAt: time.nullable(),
    authenticatorAppSince: time.nullable(),
    scanAlertEmails: z.boolean(),
    companyId: z.number().int().nullable(),
    companyName: z.string().nullable(),
  }),
  sessions: z.array(
    z.strictObject({
      device: z.string().nullable(),
      place: z.string().nullable(),
      startedAt: z.string().nullable(),
      lastUsedAt: time,
      expires: time,
    }),
  ),
  passkeys: z.array(z.strictObject({ name: z.string(), createdAt: time, lastUsedAt: time.nullable() })),
  apiKeysMade: z.array(
    z.strictObject({
      name: z.string(),
      lastFour: z.string(),
      scopes: z.array(z.string()),
      createdAt: time,
      lastUsedAt: time.nullable(),
      revokedAt: time.nullable(),
    }),
  ),
  auditLog: z.array(
    z.strictObject({
      at: time,
      action: z.string(),
      by: z.string().nullable(),
      targetType: z.string(),
      targetId: z.number().int().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
});

/** One request about personal data, as the administrators' log shows it. */
export const dataRequestAnswer = z.strictObject({
  id: z.number().int(),
  requesterName: z.string(),
  requesterContact: z.string(),
  requesterRole: z.enum(DATA_REQUESTER_ROLES),
  kind: z.enum(DATA_REQUEST_KINDS),
  request: z.string(),
  receivedOn: z.iso.date(),
  dueOn: z.iso.date(),
  status: z.enum(DATA_REQUEST_STATUSES),
  overdue: z.boolean().meta({ description: "Still open after its due day" }),
  actionsTaken: z.string().nullable(),
  answer: z.string().nullable(),
  answeredOn: z.iso.date().nullable(),
  createdAt: time,
  updatedAt: time,
});
export type DataRequestAnswer = z.infer<typeof dataRequestAnswer>;

/** POST /api/profile/deletion: when the account is erased unless the user undoes it. */
export const accountDeletionAnswer = z.strictObject({ message: z.string(), deletionDueAt: time });

/** POST /api/companies/current/closure: when the organisation closes unless its owner undoes it. */
export const organisationClosureAnswer = z.strictObject({ message: z.string(), closureDueAt: time });
