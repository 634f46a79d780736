/** A firm's or a lender's registration, its review by ValuSeal, and its kind. */

/** Professional bodies a valuation firm can be registered with; "Other" asks for the body's name. */
export const REGISTRATION_BODIES = [
  "Valuers Registration Board (Kenya)",
  "Institution of Surveyors of Kenya",
  "RICS",
  "Other",
] as const;

/**
 * Where a company stands with ValuSeal's identity check: "pending" until an administrator has
 * looked at it (and again after a verified firm changes its name or registration), "verified", or
 * "rejected" (refused, or verification withdrawn).
 */
export const ISSUER_REVIEW_STATES = ["pending", "verified", "rejected"] as const;

export type IssuerReviewState = (typeof ISSUER_REVIEW_STATES)[number];

/**
 * What an organisation does on ValuSeal: a valuation firm issues codes; a lender (a bank, a SACCO,
 * a microfinance institution) records its reliance on them and watches them. Both register, confirm
 * their email and are verified by an administrator the same way.
 */
export const ORGANISATION_KINDS = ["issuer", "lender"] as const;

export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

export const LENDER_TYPES = ["bank", "sacco", "microfinance"] as const;

export type LenderType = (typeof LENDER_TYPES)[number];

export const LENDER_TYPE_NAMES: Record<LenderType, string> = {
  bank: "Bank",
  sacco: "SACCO",
  microfinance: "Microfinance institution",
};

export const DEFAULT_TIME_ZONE = "Africa/Nairobi";
