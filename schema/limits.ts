/** The product's limits and constants (docs/product.md), shared by the tables, the zod schemas and the screens. */
export const LIMITS = {
  email: 255,
  password: 255,
  passwordMin: 10,
  firstName: 100,
  lastName: 100,
  role: 50,
  phone: 50,
  location: 255,
  companyName: 255,
  valuerName: 255,
  qualification: 100,
  currency: 3,
  propertyAddress: 500,
  propertyReference: 100,
  propertyArea: 1000,
  revocationReason: 500,
  webhookUrl: 2048,
  registrationBodyName: 255,
  registrationNumber: 100,
  registrationNote: 1000,
  verificationNote: 1000,
  timeZone: 64,
  addressee: 255,
  titleNumber: 100,
  externalReference: 100,
  apiKeyName: 100,
  webhookDescription: 100,
  relianceReference: 100,
  letterDeclineReason: 500,
} as const;

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

export const ROLES = { user: "user", admin: "admin" } as const;

export const RECENT_CODES_LIMIT = 5;
export const LOCATION_SUGGESTIONS_LIMIT = 15;
export const LOCATION_QUERY_MIN = 2;
export const DATE_INPUT_MAX = 10;
export const CODE_PREVIEW_SIZE = { create: 200, detail: 300 } as const;
export const REDIRECT_DELAY_MS = { login: 500, unauthorized: 500 } as const;
export const TOAST_DURATION_MS = 5000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A scan of the same code by the same visitor within this window is logged but not counted again,
 * so reloading a certificate (or a script replaying it from one address) cannot inflate the count.
 */
export const REPEAT_SCAN_WINDOW_MINUTES = 10;

/**
 * What a scan_events row records: a person's scan, a link preview or crawler fetching the address,
 * or a check of a report copy against the code's seals (logged with its verdict, never counted).
 */
export const SCAN_KINDS = ["scan", "preview", "check"] as const;
export type ScanKind = (typeof SCAN_KINDS)[number];

/** The four answers a check of a report copy gives (compareCopy in verifier/judge.ts). */
export const COPY_VERDICTS = ["exact", "same-text", "pages-differ", "not-sealed-file"] as const;
export type CopyVerdict = (typeof COPY_VERDICTS)[number];
/** The colour of a report check, online or offline (reportTone in verifier/judge.ts). */
export const REPORT_TONES = ["valid", "warning", "invalid"] as const;
export type ReportTone = (typeof REPORT_TONES)[number];
/** Ids are Postgres serials (int4): a larger number can name no row, and Postgres refuses it in a query. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * How a webhook delivery (one event to one endpoint) stands: "delivered" (the receiver answered
 * 2xx), "pending" (not tried yet, or failed with another attempt scheduled) or "failed" (every
 * attempt failed, or the address is not allowed).
 */
export const WEBHOOK_DELIVERY_OUTCOMES = ["delivered", "pending", "failed"] as const;
export type WebhookDeliveryOutcome = (typeof WEBHOOK_DELIVERY_OUTCOMES)[number];

/**
 * Why an attempt did not arrive: the receiver answered with something other than 2xx (its status
 * is logged too), nothing answered (no connection, a timeout, or the name did not resolve), or the
 * address is not a public one (then nothing was sent). The connection error itself is never shown.
 */
export const WEBHOOK_DELIVERY_FAILURES = ["receiver-error", "no-answer", "address-not-allowed"] as const;
export type WebhookDeliveryFailure = (typeof WEBHOOK_DELIVERY_FAILURES)[number];

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
export const VERIFICATION_STATUSES = ["pending", "verified", "rejected"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

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

/** Scan alerts by email: one email per counted scan, a daily digest, or none. */
export const SCAN_ALERT_MODES = ["per-scan", "daily", "none"] as const;
export type ScanAlertMode = (typeof SCAN_ALERT_MODES)[number];
export const DEFAULT_TIME_ZONE = "Africa/Nairobi";

/** What a one-time emailed link does. */
export const EMAIL_TOKEN_PURPOSES = [
  "confirm-email",
  "change-user-email",
  "change-company-email",
  "password-reset",
] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/**
 * What an API key may do (Settings → API keys). A route of /api/v1 names the one scope it needs;
 * a key without it is refused with 403. Scopes are added here with the routes that need them.
 */
export const API_KEY_SCOPES = [
  "codes:read",
  "codes:write",
  "codes:revoke",
  "scans:read",
  "exports:read",
  "webhooks:manage",
  "reliance:write",
  "watches:read",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** The scopes each kind of organisation may give its keys: a firm's work, or a lender's. */
export const API_KEY_SCOPES_BY_KIND: Record<OrganisationKind, readonly ApiKeyScope[]> = {
  issuer: ["codes:read", "codes:write", "codes:revoke", "scans:read", "exports:read", "webhooks:manage"],
  lender: ["reliance:write", "watches:read", "webhooks:manage"],
};
/** An API key's lifetime in days; "never" keeps it until it is revoked. */
export const API_KEY_LIFETIMES = ["30", "90", "365", "never"] as const;
export type ApiKeyLifetime = (typeof API_KEY_LIFETIMES)[number];
/** Requests a minute per API key (the API_KEY_LIMITER binding of wrangler.toml, which a unit test compares). */
export const API_KEY_REQUESTS_PER_MINUTE = 300;
/** Every key starts with this, so secret scanners (and people) recognise one in a leaked file. */
export const API_KEY_PREFIX = "vsk_live_";

/**
 * What a webhook endpoint can subscribe to. `code.issued` fires for every code issued, one at a time
 * or in a batch; `seal.check_mismatch` when a copy dropped on a sealed code's check page differs
 * from every sealed version (an altered or foreign file).
 */
export const WEBHOOK_EVENT_TYPES = [
  "code.issued",
  "code.scanned",
  "code.revoked",
  "code.superseded",
  "code.reinstated",
  "code.expired",
  "seal.check_mismatch",
  "reliance.duplicate",
  "issuer.suspended",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/**
 * The event an owner sends from an endpoint's page to try the receiver: never subscribed to, sent
 * only to the endpoint it was asked for, and logged like any other.
 */
export const WEBHOOK_TEST_EVENT_TYPE = "webhook.test";
/** Every type a delivery log can show: the subscribable ones and the test event. */
export const WEBHOOK_LOGGED_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] as const;
export type WebhookLoggedEventType = (typeof WEBHOOK_LOGGED_EVENT_TYPES)[number];
/** What of a receiver's answer the delivery log keeps: enough to read its error, not a page it served. */
export const WEBHOOK_RESPONSE_BODY_MAX_BYTES = 2048;
/** How long a replaced signing secret may go on signing deliveries beside the new one, at most. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = [0, 24] as const;
/**
 * What each kind of organisation's endpoints hear of: a firm, its own codes (and that a code of its
 * is relied on twice); a lender, the codes it watches (the watch notices) and a second reliance on a
 * code it relies on.
 */
export const WEBHOOK_EVENT_TYPES_BY_KIND: Record<OrganisationKind, readonly WebhookEventType[]> = {
  issuer: WEBHOOK_EVENT_TYPES.filter((type) => type !== "issuer.suspended"),
  lender: WATCH_NOTICE_KINDS,
};
/** Endpoints per company: enough for a production and a staging receiver per system. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** Who turned an endpoint off: its owner, or the platform after a day of failed deliveries. */
export const WEBHOOK_DISABLED_REASONS = ["owner", "failing"] as const;
/** An attempt made by the queue (the first and its retries), or asked for again from the delivery log. */
export const WEBHOOK_ATTEMPT_TRIGGERS = ["automatic", "resend"] as const;
export type WebhookAttemptTrigger = (typeof WEBHOOK_ATTEMPT_TRIGGERS)[number];
