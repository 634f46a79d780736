import { z } from "zod";
import { LENDER_TYPES, ORGANISATION_KINDS, ISSUER_REVIEW_STATES } from "../limits/companies";
import { CODE_STATUSES } from "../limits/codes";
import { companyProfileFields, companyRegistrationFields } from "./companies";
import { describedCodeFields } from "./described-code";
import { decimal, day, rowId, timestamp } from "./fields";
import { userFields } from "./auth";

/** GET /api/admin/stats: the platform's dashboard numbers. */
export const platformStatsAnswer = z.strictObject({
  totalUsers: z.number().int(),
  activeCompanies: z.number().int(),
  totalQRCodes: z.number().int(),
  verificationsToday: z.number().int().meta({ description: "Counted scans of real codes since midnight UTC" }),
  companiesAwaitingVerification: z.number().int().meta({
    description: "Companies whose identity an administrator has not yet reviewed (the verification queue)",
  }),
});
export type PlatformStats = z.infer<typeof platformStatsAnswer>;

/** A row of GET /api/admin/companies-detailed: the company, its owner's email and its counts. */
export const adminCompanyAnswer = z.strictObject({
  ...companyProfileFields,
  ...companyRegistrationFields,
  userEmail: z.string().meta({ description: "The owner's email" }),
  kind: z.enum(ORGANISATION_KINDS).meta({ description: "A valuation firm (issuer) or a lender" }),
  lenderType: z.enum(LENDER_TYPES).nullable(),
  qrCodeCount: z.number().int(),
  valuerCount: z.number().int().meta({ description: "Valuers not deleted by the company" }),
});
export type AdminCompany = z.infer<typeof adminCompanyAnswer>;

/** A code as the company details dialog lists it, named as codeTitle names it. */
const adminCompanyCodeAnswer = z.strictObject({
  ...describedCodeFields,
  id: rowId,
  marketValue: decimal,
  currency: z.string(),
  valuationDate: day,
  verificationCount: z.number().int(),
  revokedAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type AdminCompanyCode = z.infer<typeof adminCompanyCodeAnswer>;

const adminCompanyValuerAnswer = z.strictObject({
  id: rowId,
  name: z.string(),
  phone: z.string().nullable(),
  qualification: z.string().nullable(),
  isActive: z.boolean(),
});
export type AdminCompanyValuer = z.infer<typeof adminCompanyValuerAnswer>;

/**
 * One identity the firm's codes were issued under (name, registration, email, as frozen on them),
 * with how many codes carry it and how many of those ValuSeal does not vouch for yet. The review
 * screen shows them so an administrator sees every name the firm has used before deciding.
 */
const codeIdentityAnswer = z.strictObject({
  issuerName: z.string(),
  issuerEmail: z.string(),
  registration: z
    .string()
    .nullable()
    .meta({ description: '"RICS 12345", the body\'s own name for "Other"; null when the codes carry none' }),
  codes: z.number().int(),
  notVouchedFor: z.number().int().meta({
    description: 'Codes under this identity that are not "Verified Authentic" by the trust rule (ISSUER_TRUST)',
  }),
  isCurrent: z
    .boolean()
    .meta({ description: "Whether this is the firm's current identity: the one a verification now would record" }),
});
export type CodeIdentity = z.infer<typeof codeIdentityAnswer>;

/** A code issued under the firm's current details before ValuSeal vouched for them. */
const earlierCodeAnswer = z.strictObject({
  id: rowId,
  verificationCode: z.string(),
  property: z.string(),
  createdAt: timestamp,
  confirmationRequestedAt: timestamp.nullable().meta({ description: "When the owner asked ValuSeal to confirm it" }),
});
export type EarlierCode = z.infer<typeof earlierCodeAnswer>;

/**
 * GET /api/admin/companies/:id/details: the company, its newest codes (at most 200; qrCodeCount
 * says how many exist), its valuers and the identities its codes were issued under.
 */
export const adminCompanyDetailsAnswer = z.strictObject({
  company: adminCompanyAnswer,
  qrCodes: z.array(adminCompanyCodeAnswer),
  valuers: z.array(adminCompanyValuerAnswer),
  codeIdentities: z.array(codeIdentityAnswer),
  earlierCodes: z.array(earlierCodeAnswer).meta({
    description:
      "Codes under the firm's current details that ValuSeal does not vouch for yet, newest first (at most 50): what verifying with confirmEarlierCodes turns green",
  }),
});
export type AdminCompanyDetails = z.infer<typeof adminCompanyDetailsAnswer>;

/** A row of GET /api/admin/users, with the company the user belongs to (none for admins). */
export const adminUserAnswer = z.strictObject({
  ...userFields,
  updatedAt: timestamp,
  company: z.strictObject({ id: rowId, name: z.string() }).nullable(),
});
export type AdminUser = z.infer<typeof adminUserAnswer>;

/** One admin change (GET /api/admin/audit-log, always paged): who did what to which user or company, and when. */
export const auditLogEntryAnswer = z.strictObject({
  id: rowId,
  actorEmail: z
    .string()
    .nullable()
    .meta({ description: "Copied when the change was made, so it survives the actor's deletion" }),
  action: z.string().meta({ description: '"user.deactivated", "company.password_reset", …' }),
  targetType: z.string(),
  targetId: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()).nullable().meta({
    description: "What a reader needs once the target is gone (its email, name, owned companies); never secrets",
  }),
  createdAt: timestamp,
});
export type AuditLogEntry = z.infer<typeof auditLogEntryAnswer>;

/** PATCH /api/admin/companies/:id/status. */
/** POST /api/admin/companies/:id/credits: the change as written and the firm's balance after it. */
export const companyCreditsChangedAnswer = z.strictObject({
  message: z.string(),
  balance: z.number().int().nonnegative(),
});

export const companyStatusChangedAnswer = z.strictObject({
  message: z.string(),
  company: z.strictObject({ id: rowId, isActive: z.boolean() }),
});

/**
 * PATCH /api/admin/companies/:id/verification: "Company verified" or "Company not verified", and
 * the decision as stored.
 */
export const companyVerificationChangedAnswer = z.strictObject({
  message: z.string(),
  company: z.strictObject({
    id: rowId,
    verificationStatus: z.enum(ISSUER_REVIEW_STATES),
    verifiedAt: timestamp.nullable(),
    verificationNote: z.string().nullable(),
  }),
});

/** PATCH /api/admin/users/:id/status. */
export const userStatusChangedAnswer = z.strictObject({
  message: z.string(),
  user: z.strictObject({ id: rowId, isActive: z.boolean() }),
});

/** PATCH /api/admin/users/bulk-status: `message` counts the users changed ("3 users deactivated"). */
export const usersStatusChangedAnswer = z.strictObject({ message: z.string(), updated: z.number().int() });

/** DELETE /api/admin/users/bulk-delete: `message` counts the users deleted ("3 users deleted"). */
export const usersDeletedAnswer = z.strictObject({ message: z.string(), deleted: z.number().int() });

/** One valuation of a same-title pair, as the administrator sees it: its firm named. */
const titleConflictCode = z.strictObject({
  token: z.string(),
  verificationCode: z.string(),
  issuerName: z.string(),
  companyId: rowId,
  marketValue: decimal,
  currency: z.string(),
  valuationDate: day,
  status: z.enum(CODE_STATUSES),
  institutions: z.number().int().nonnegative().meta({ description: "How many institutions rely on it" }),
});

/** Two valuations of one title within 6 months whose values differ by more than 15 %. */
export const titleConflictAnswer = z.strictObject({
  titleNumber: z.string(),
  percent: z.number().int().meta({ description: "The difference, as a share of the lower value" }),
  codes: z.array(titleConflictCode).length(2),
});
export type TitleConflict = z.infer<typeof titleConflictAnswer>;
