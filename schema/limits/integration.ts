import { type OrganisationKind } from "./companies";
import { WATCH_NOTICE_KINDS } from "./lenders";

/** API keys and webhooks: what a firm's or a lender's own software is given. */

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
  "valuer.deregistered",
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
  issuer: WEBHOOK_EVENT_TYPES.filter((type) => type !== "issuer.suspended" && type !== "valuer.deregistered"),
  lender: WATCH_NOTICE_KINDS,
};

/** Endpoints per company: enough for a production and a staging receiver per system. */
export const WEBHOOK_ENDPOINTS_MAX = 10;

/** Who turned an endpoint off: its owner, or the platform after a day of failed deliveries. */
export const WEBHOOK_DISABLED_REASONS = ["owner", "failing"] as const;

/** An attempt made by the queue (the first and its retries), or asked for again from the delivery log. */
export const WEBHOOK_ATTEMPT_TRIGGERS = ["automatic", "resend"] as const;

export type WebhookAttemptTrigger = (typeof WEBHOOK_ATTEMPT_TRIGGERS)[number];
