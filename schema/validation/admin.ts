import { z } from "zod";
import { LIMITS, MAX_ROW_ID } from "../limits";
import { ISSUER_REVIEW_STATES } from "../limits/companies";
import { ADMIN_CREDITS_MAX } from "../limits/billing";
import { newPasswordField, optionalText } from "./common";
import { pageNumberField, pageSizeField, PAGE_SIZE_MAX, paginationQuerySchema } from "./pagination";

/** Bulk user actions take at most this many ids, so one request cannot lock the whole table. */
export const ADMIN_BULK_LIMIT = 500;
export const ADMIN_PAGE_SIZE = { default: 25, max: PAGE_SIZE_MAX } as const;
export const AUDIT_LOG_PAGE_SIZE = 50;
const SEARCH_MAX = 255;

/**
 * Admin lists (companies, users). Without `page` or `pageSize` the answer is the plain array; with
 * either it is `{ items, page, pageSize, total }`.
 */
export const adminListQuerySchema = paginationQuerySchema.extend({ search: optionalText(SEARCH_MAX) });

/** The companies list can also show only the companies in one verification state (the review queue). */
export const adminCompanyListQuerySchema = adminListQuerySchema.extend({
  verification: z
    .enum(ISSUER_REVIEW_STATES, { error: "verification must be pending, verified or rejected" })
    .optional(),
});

/**
 * An administrator's grant of credits to a firm (positive) or reversal of some (negative), always
 * with the reason the firm is told.
 */
export const companyCreditsSchema = z.strictObject({
  credits: z
    .number({ error: "credits must be a whole number" })
    .int("credits must be a whole number")
    .min(-ADMIN_CREDITS_MAX, `credits must be at least -${ADMIN_CREDITS_MAX}`)
    .max(ADMIN_CREDITS_MAX, `credits must be at most ${ADMIN_CREDITS_MAX}`)
    .refine((credits) => credits !== 0, "credits must not be 0"),
  reason: z
    .string({ error: "reason is required" })
    .trim()
    .min(3, "Say why, in a few words")
    .max(LIMITS.revocationReason, `reason must be at most ${LIMITS.revocationReason} characters`),
});

/** An administrator's decision on a company's identity, with an optional note the owner sees. */
export const companyVerificationSchema = z.object({
  verified: z.boolean({ error: "verified must be true or false" }),
  note: optionalText(LIMITS.verificationNote),
  /**
   * Verifying only: the codes the firm issued earlier under the identity being verified read
   * "Verified Authentic" too. Codes under any other name, registration or email never do.
   */
  confirmEarlierCodes: z.boolean({ error: "confirmEarlierCodes must be true or false" }).optional(),
});
export type CompanyVerificationInput = z.input<typeof companyVerificationSchema>;

/** The audit log is always paged, newest first. */
export const auditLogQuerySchema = z.object({
  page: pageNumberField.default(1),
  pageSize: pageSizeField.default(AUDIT_LOG_PAGE_SIZE),
});

export const activeStatusSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false" }),
});
export type ActiveStatusInput = z.infer<typeof activeStatusSchema>;

/** Same rules as registration: at least 8 characters and not blank once trimmed. */
export const resetPasswordSchema = z.object({ password: newPasswordField });

/** What an administrator checked before resetting someone's two-step sign-in (decision 048). */
const SECOND_FACTOR_EVIDENCE = { min: 20, max: 2000 } as const;
export const secondFactorResetSchema = z.object({
  evidence: z
    .string({ error: "Say what evidence of identity you checked" })
    .trim()
    .min(
      SECOND_FACTOR_EVIDENCE.min,
      `Say what evidence of identity you checked (at least ${SECOND_FACTOR_EVIDENCE.min} characters)`,
    )
    .max(SECOND_FACTOR_EVIDENCE.max, `Must be at most ${SECOND_FACTOR_EVIDENCE.max} characters`),
});
export type SecondFactorResetInput = z.input<typeof secondFactorResetSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

const userIdsField = z
  .array(z.number({ error: "User ids must be numbers" }).int("User ids must be whole numbers").min(1).max(MAX_ROW_ID), {
    error: "userIds must be a list of user ids",
  })
  .min(1, "Select at least one user")
  .max(ADMIN_BULK_LIMIT, `At most ${ADMIN_BULK_LIMIT} users at a time`)
  // A repeated id must not count twice in "N users deleted".
  .transform((ids) => [...new Set(ids)]);

export const bulkUserStatusSchema = z.object({ userIds: userIdsField, isActive: activeStatusSchema.shape.isActive });
export type BulkUserStatusInput = z.input<typeof bulkUserStatusSchema>;

export const bulkUserDeleteSchema = z.object({ userIds: userIdsField });
export type BulkUserDeleteInput = z.input<typeof bulkUserDeleteSchema>;
