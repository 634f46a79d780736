/** Reliance, watching and reliance letters: the lender's side. */

/**
 * Another valuation of the same title counts as a warning when it was made within this many
 * months of the one relied on and its market value differs by more than this share of it.
 */
export const SAME_TITLE_WINDOW_MONTHS = 6;

export const SAME_TITLE_DIFFERENCE_PERCENT = 15;

/**
 * What a lender watching a code is told of, by email and as webhook events of the same names: the
 * code revoked, replaced, expired or brought back, its issuer suspended by ValuSeal, or (to a lender
 * relying on it) another institution recording reliance on it too.
 */
export const WATCH_NOTICE_KINDS = [
  "code.revoked",
  "code.superseded",
  "code.expired",
  "code.reinstated",
  "issuer.suspended",
  "reliance.duplicate",
  "valuer.deregistered",
] as const;

export type WatchNoticeKind = (typeof WATCH_NOTICE_KINDS)[number];

/** The Portfolio's "expiring soon" filter: valid for at most this many more days. */
export const EXPIRING_WITHIN_DAYS = 30;

/** A reliance letter's decision: granted (with its own reliance period) or declined (with a reason). */
export const LETTER_DECISIONS = ["granted", "declined"] as const;

export type LetterDecision = (typeof LETTER_DECISIONS)[number];

/** A reliance-letter request as both sides see it: asked, or the issuer's answer. */
export const LETTER_STATES = ["requested", ...LETTER_DECISIONS] as const;

export type LetterState = (typeof LETTER_STATES)[number];
