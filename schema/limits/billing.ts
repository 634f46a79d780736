/** Pay per code: credits (1 credit = 1 code generated), the ledger's kinds and the thresholds users see. */

/**
 * Why a ledger entry moved a balance: a purchase paid, a code issued (−1 each), the trial a new
 * firm receives once its email is confirmed, an administrator's grant, an administrator's reversal
 * (negative, with a reason), or a correction written by a migration.
 */
export const CREDIT_ENTRY_KINDS = ["purchase", "issue", "trial", "grant", "reversal", "adjustment"] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/** Credits a new firm receives once, when its owner confirms their email ("Start Free Trial"). */
export const TRIAL_CREDITS = 3;

/** What every firm registered before pay-per-code began received, so nobody was blocked (migration 0041). */
export const OPENING_GRANT_CREDITS = 50;

/** At or below this balance the owner is told the credits are running out (once per crossing). */
export const LOW_BALANCE_CREDITS = 3;

/** The most an administrator may grant or reverse in one entry. */
export const ADMIN_CREDITS_MAX = 100_000;

/** What a create without credits is answered (402, code payment_required). */
export const PAYMENT_REQUIRED_MESSAGE = "Buy code credits to generate a code";
