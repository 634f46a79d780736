import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { LIMITS } from "../limits";
import {
  API_KEY_SCOPES,
  WEBHOOK_ATTEMPT_TRIGGERS,
  WEBHOOK_DELIVERY_FAILURES,
  WEBHOOK_DELIVERY_OUTCOMES,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LOGGED_EVENT_TYPES,
} from "../limits/integration";
import { qrCodes } from "./codes";
import { timestamps, users, companies } from "./organisations";

/*
 * Integrators: API keys and webhooks (endpoints, events, deliveries, attempts).
 */

/**
 * A company's keys for the integration API (/api/v1). The key itself is shown once, when it is
 * made; only its SHA-256 is kept (a key has ~190 random bits, so a fast hash is enough), with its
 * last four characters so the owner can tell keys apart. A key is never deleted: revoking it sets
 * `revokedAt`, and a key dies with the owner who made it.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial().primaryKey(),
    /** Random; names the key in URLs (DELETE /api/api-keys/:publicId). */
    publicId: varchar({ length: 16 }).notNull(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The owner who made it; codes issued with the key are theirs. */
    createdById: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar({ length: LIMITS.apiKeyName }).notNull(),
    scopes: varchar({ length: 32, enum: API_KEY_SCOPES }).array().notNull(),
    keyHash: varchar({ length: 64 }).notNull(),
    lastFour: varchar({ length: 4 }).notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("api_keys_key_hash_unique").on(t.keyHash),
    uniqueIndex("api_keys_public_id_unique").on(t.publicId),
    index("api_keys_company_idx").on(t.companyId, t.createdAt),
  ],
);

/**
 * Where a company's events are POSTed (Settings → Webhooks, /api/v1/webhooks), each subscribed to
 * some event types and signed with its own secret the Standard Webhooks way.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial().primaryKey(),
    /** Random; names the endpoint in URLs (`ep_…`). */
    publicId: varchar({ length: 40 }).notNull(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    url: varchar({ length: LIMITS.webhookUrl }).notNull(),
    description: varchar({ length: LIMITS.webhookDescription }).notNull().default(""),
    /** Encrypted with WEBHOOK_SECRET_KEY (`enc:v1:…`), bound to the company; a value without that prefix predates it and is plaintext. */
    secret: varchar({ length: 128 }).notNull(),
    /**
     * The secret a rotation replaced, encrypted like `secret`: deliveries carry a signature by each
     * until `previousSecretExpiresAt`, so a receiver can switch to the new one without losing events.
     */
    previousSecret: varchar({ length: 128 }),
    previousSecretExpiresAt: timestamp({ withTimezone: true }),
    eventTypes: varchar({ length: 32, enum: WEBHOOK_EVENT_TYPES }).array().notNull(),
    /**
     * The company's single webhook of the first release, moved here: it keeps that release's body
     * and X-ValuSeal-* headers beside the standard ones until 2027-06-30, so its receiver goes on working.
     */
    firstReleaseFormat: boolean().notNull().default(false),
    /** The first failed attempt since the last delivered one; a day of failures turns the endpoint off. */
    failingSince: timestamp({ withTimezone: true }),
    /** When the URL last changed: events from before it are not resent to the new address. */
    urlChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp({ withTimezone: true }),
    disabledReason: varchar({ length: 16, enum: WEBHOOK_DISABLED_REASONS }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("webhook_endpoints_public_id_unique").on(t.publicId),
    index("webhook_endpoints_company_idx").on(t.companyId),
  ],
);

/**
 * An event as it was sent: its id is every delivery's `webhook-id`, and its data is frozen, so a
 * delivery resent from the log carries what happened then. Kept 30 days (the hourly cron).
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** `msg_…`, the Standard Webhooks `webhook-id`. */
    publicId: varchar({ length: 64 }).notNull(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    type: varchar({ length: 32, enum: WEBHOOK_LOGGED_EVENT_TYPES }).notNull(),
    qrCodeId: integer().references(() => qrCodes.id, { onDelete: "cascade" }),
    data: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_events_public_id_unique").on(t.publicId),
    // A code expires once for each organisation told of it (its firm, each lender watching it): the
    // hourly cron may find it again and must not announce it twice.
    uniqueIndex("webhook_events_expired_once")
      .on(t.companyId, t.qrCodeId, t.type)
      .where(sql`type = 'code.expired'`),
    index("webhook_events_created_idx").on(t.createdAt),
  ],
);

/** One event to one endpoint, and how it stands; each try is a row of webhook_attempts. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    eventId: bigint({ mode: "number" })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    outcome: varchar({ length: 16, enum: WEBHOOK_DELIVERY_OUTCOMES }).notNull().default("pending"),
    attempts: integer().notNull().default(0),
    /** When its queue message was sent; null until then (the hourly sweep sends those). */
    queuedAt: timestamp({ withTimezone: true }),
    /** A resend asked for and not yet attempted: one at a time per delivery. */
    resendRequestedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint_unique").on(t.eventId, t.endpointId),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId),
    // The hourly sweep's: deliveries still pending (never queued, or a chain that stopped).
    index("webhook_deliveries_pending_idx")
      .on(t.createdAt)
      .where(sql`outcome = 'pending'`),
  ],
);

/** The delivery log: every attempt, automatic or resent, with what the receiver answered and how fast. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    deliveryId: bigint({ mode: "number" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    /** The delivery's endpoint, so its log is read newest first from one index. */
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** Counted per delivery: 1 is the first try, resends continue the count. */
    attempt: integer().notNull(),
    trigger: varchar({ length: 16, enum: WEBHOOK_ATTEMPT_TRIGGERS }).notNull(),
    attemptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The receiver's HTTP status; null when nothing answered or nothing was sent. */
    statusCode: smallint(),
    responseMs: integer(),
    failure: varchar({ length: 24, enum: WEBHOOK_DELIVERY_FAILURES }),
    /** The start of the receiver's answer (WEBHOOK_RESPONSE_BODY_MAX_BYTES), as text; null when none came. */
    responseBody: text(),
  },
  (t) => [
    index("webhook_attempts_endpoint_idx").on(t.endpointId, t.attemptedAt, t.id),
    // Health's failure rate over the last minutes, read without scanning the log.
    index("webhook_attempts_recent_idx").on(t.attemptedAt),
  ],
);
