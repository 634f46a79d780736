/** Personal data: requests from people who are not users (docs/privacy.md). */

/** What a person may ask of their data under the Kenya Data Protection Act 2019 and UK GDPR. */
export const DATA_REQUEST_KINDS = [
  "access",
  "rectification",
  "erasure",
  "restriction",
  "portability",
  "objection",
] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

/** Who asks: someone named on certificates (a valuer), someone who scanned a code, anyone else. */
export const DATA_REQUESTER_ROLES = ["valuer", "scanner", "other"] as const;
export type DataRequesterRole = (typeof DATA_REQUESTER_ROLES)[number];

export const DATA_REQUEST_STATUSES = ["open", "done", "refused"] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/**
 * Days to answer, from the day the request is received: the Kenya Data Protection Act's 7 for
 * access, rectification and erasure (and the rest, as the stricter law's default), 30 for
 * portability; UK GDPR's month is longer for all.
 */
export const DATA_REQUEST_DUE_DAYS: Record<DataRequestKind, number> = {
  access: 7,
  rectification: 7,
  erasure: 7,
  restriction: 7,
  portability: 30,
  objection: 7,
};

export const DATA_REQUEST_TEXT_MAX = 2000;

/**
 * Days between asking to delete an account or close an organisation and the purge: the person
 * can undo it until then (peers give the same 30 days).
 */
export const CLOSING_GRACE_DAYS = 30;

/**
 * Years a closed organisation's ledger, purchases and receipts are kept: UK HMRC's 6 years (the
 * seller is a UK company), which covers the Kenya Tax Procedures Act's 5. TAX_RECORD_YEARS may
 * lengthen it; the database refuses deleting them before the 5 (migration 0053).
 */
export const TAX_RECORD_YEARS = { default: 6, min: 5, max: 20 } as const;
