import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { LIMITS } from "../limits";
import { LETTER_DECISIONS, WATCH_NOTICE_KINDS } from "../limits/lenders";
import { qrCodes } from "./codes";
import { users, companies } from "./organisations";

/*
 * Lenders: reliances, watches and their notices, and reliance letters.
 */

/**
 * A lender's record that it relies on a valuation for a loan. The loan's reference is kept only as
 * a keyed hash (HMAC-SHA256 under a key derived from WEBHOOK_SECRET_KEY) and its last four characters, so the
 * database never holds the bank's own reference in clear; the same reference typed again hashes the
 * same, which is what finds it. Rows are never rewritten: a withdrawn reliance is a later change of
 * state recorded beside it, not an edit.
 */
export const reliances = pgTable(
  "reliances",
  {
    id: serial().primaryKey(),
    /** Random; names the reliance in the lender's screens and API. */
    publicId: varchar({ length: 24 }).notNull(),
    codeId: integer()
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    lenderCompanyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    recordedBy: integer().references(() => users.id, { onDelete: "set null" }),
    /** HMAC-SHA256 (hex) of the reference as typed, trimmed and upper-cased. */
    referenceHash: varchar({ length: 64 }).notNull(),
    /** The reference's last four characters, for showing it masked ("••••4821"). */
    referenceHint: varchar({ length: 4 }).notNull(),
    /** The amount lent against the property, in the code's currency. */
    amount: numeric({ precision: 15, scale: 2 }).notNull(),
    currency: varchar({ length: LIMITS.currency }).notNull(),
    /** The day the lender relied on the valuation (midnight UTC). */
    reliedOn: timestamp({ withTimezone: true }).notNull(),
    /**
     * What the lender confirmed it relied despite, when it recorded this (RELIANCE_ACKNOWLEDGEMENTS):
     * the certificate's amber verdict, a missing reliance letter. Empty for a green, addressed code.
     */
    acknowledged: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reliances_public_id_unique").on(t.publicId),
    // One loan of one lender relies on a valuation once.
    uniqueIndex("reliances_code_lender_reference_unique").on(t.codeId, t.lenderCompanyId, t.referenceHash),
    index("reliances_lender_idx").on(t.lenderCompanyId, t.createdAt),
  ],
);

/**
 * A lender watching a code: its users are emailed, and its webhooks told, when the code is revoked,
 * replaced, expires or comes back, or its issuer is suspended. Recording reliance makes one; a
 * lender may also watch a code it does not (yet) rely on.
 */
export const watches = pgTable(
  "watches",
  {
    id: serial().primaryKey(),
    /** Random; names the watch in the lender's screens and API. */
    publicId: varchar({ length: 24 }).notNull(),
    codeId: integer()
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    lenderCompanyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("watches_public_id_unique").on(t.publicId),
    uniqueIndex("watches_code_lender_unique").on(t.codeId, t.lenderCompanyId),
    index("watches_lender_idx").on(t.lenderCompanyId, t.createdAt),
  ],
);

/**
 * What a watching lender was told, one row per watch and change, appended when the change commits
 * (the hourly cron for expiry). The watches feed answers what changed since a time from these rows.
 * `emailedAt` is set once the lender's emails were accepted by the queue; the hourly cron sends the
 * notices a request could not.
 */
export const watchNotices = pgTable(
  "watch_notices",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    watchId: integer()
      .notNull()
      .references(() => watches.id, { onDelete: "cascade" }),
    kind: varchar({ length: 24, enum: WATCH_NOTICE_KINDS }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("watch_notices_watch_idx").on(t.watchId, t.createdAt),
    index("watch_notices_unsent_idx")
      .on(t.createdAt)
      .where(sql`emailed_at IS NULL`),
    // A code expires once: the hourly cron may find it again and must not tell the lender twice.
    uniqueIndex("watch_notices_expired_once")
      .on(t.watchId)
      .where(sql`kind = 'code.expired'`),
  ],
);

/**
 * A lender asking a code's issuer for a reliance letter: by default only the institution a
 * valuation is addressed to may rely on it. One request per lender and code; the issuer's answer is
 * a row of reliance_letter_decisions, so the request itself is never rewritten.
 */
export const relianceLetterRequests = pgTable(
  "reliance_letter_requests",
  {
    id: serial().primaryKey(),
    /** Random; names the request in the issuer's screens. */
    publicId: varchar({ length: 24 }).notNull(),
    codeId: integer()
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    lenderCompanyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    requestedBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reliance_letter_requests_public_id_unique").on(t.publicId),
    uniqueIndex("reliance_letter_requests_code_lender_unique").on(t.codeId, t.lenderCompanyId),
  ],
);

/**
 * The issuer's answer to a reliance-letter request, once. A granted letter is addressed to the
 * lender's verified name as it stood then (frozen here, as a certificate freezes its issuer) and
 * extends reliance until its own date; a declined one carries the reason the lender is shown.
 */
export const relianceLetterDecisions = pgTable(
  "reliance_letter_decisions",
  {
    id: serial().primaryKey(),
    requestId: integer()
      .notNull()
      .references(() => relianceLetterRequests.id, { onDelete: "cascade" }),
    decision: varchar({ length: 16, enum: LETTER_DECISIONS }).notNull(),
    lenderName: varchar({ length: LIMITS.companyName }),
    /** The last day the letter extends reliance (midnight UTC); granted letters only. */
    relianceUntil: timestamp({ withTimezone: true }),
    reason: varchar({ length: LIMITS.letterDeclineReason }),
    decidedBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("reliance_letter_decisions_request_unique").on(t.requestId)],
);
