/** A code's own constants: its currencies, property types, purposes, validity, statuses and the verdicts of a copy check. */

export const CURRENCIES = ["USD", "KES"] as const;

export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_SYMBOLS: Record<Currency, string> = { USD: "$", KES: "KSh" };

/**
 * The currency the create form starts with for a firm in this time zone: shillings for a Kenyan
 * firm (Kenya's one zone), dollars elsewhere, as the specification's default (decision 052).
 */
export const defaultCurrencyFor = (timeZone: string | undefined): Currency =>
  timeZone === "Africa/Nairobi" ? "KES" : "USD";

export const PROPERTY_TYPES = ["Real Estate", "Loose Assets", "Motor Vehicle", "Plant and Machinery", "Other"] as const;

export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** What a valuation was prepared for: lenders and courts check it alongside the addressee. */
export const VALUATION_PURPOSES = [
  "Secured lending",
  "Sale or purchase",
  "Insurance",
  "Legal or probate",
  "Financial reporting",
  "Other",
] as const;

export type ValuationPurpose = (typeof VALUATION_PURPOSES)[number];

/**
 * How long a valuation may be relied on after its valuation date, in days: the company's own
 * period (set by the owner in Company Details), within these bounds. Lenders commonly rely on a
 * valuation for about three months, hence the default.
 */
export const VALIDITY_DAYS = { min: 30, max: 365, default: 90 } as const;

/**
 * A code's one status, the same words everywhere (certificate, history, detail, dashboard). When
 * several apply, the first in this order wins: a withdrawn code is "revoked" (or "superseded" when
 * the issuer named its replacement), whatever its validity; only a standing code can be "expired".
 */
export const CODE_STATUSES = ["valid", "expired", "revoked", "superseded"] as const;

export type CodeStatusName = (typeof CODE_STATUSES)[number];

/**
 * Whether ValuSeal vouches for the issuer of a code, decided from the code's frozen issuer identity
 * (docs/decisions/024-frozen-certificates-and-verified-identities.md); the first that applies wins:
 * - "suspended": an administrator deactivated the firm;
 * - "verified": the identity on the code equals a verification in force when the code was issued;
 * - "before-verification": that identity was verified, but only after the code was issued (and the
 *   administrator did not confirm the earlier codes);
 * - "other-identity": the firm was verified under another name, registration or email;
 * - "not-verified": ValuSeal never verified the firm, or the code was issued while it was under review.
 */
export const ISSUER_TRUST = ["suspended", "verified", "before-verification", "other-identity", "not-verified"] as const;

export type IssuerTrust = (typeof ISSUER_TRUST)[number];

export const BUILDING_SIZE_UNITS = ["sqft", "sqm"] as const;

export const LAND_SIZE_UNITS = ["acres", "hectares", "sqft"] as const;

export const RECENT_CODES_LIMIT = 5;

export const LOCATION_SUGGESTIONS_LIMIT = 15;

export const LOCATION_QUERY_MIN = 2;

export const CODE_PREVIEW_SIZE = { create: 200, detail: 300 } as const;

/** The four answers a check of a report copy gives (compareCopy in verifier/judge.ts). */
export const COPY_VERDICTS = ["exact", "same-text", "pages-differ", "not-sealed-file"] as const;

export type CopyVerdict = (typeof COPY_VERDICTS)[number];

/** The colour of a report check, online or offline (reportTone in verifier/judge.ts). */
export const REPORT_TONES = ["valid", "warning", "invalid"] as const;

export type ReportTone = (typeof REPORT_TONES)[number];
