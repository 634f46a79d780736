import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { LIMITS } from "../limits";
import {
  DEFAULT_TIME_ZONE,
  LENDER_TYPES,
  ORGANISATION_KINDS,
  REGISTRATION_BODIES,
  ISSUER_REVIEW_STATES,
} from "../limits/companies";
import { WEBHOOK_DELIVERY_FAILURES, WEBHOOK_DELIVERY_OUTCOMES } from "../limits/integration";
import { SCAN_ALERT_MODES } from "../limits/scans";
import { VALIDITY_DAYS } from "../limits/codes";
import { LANGUAGES } from "../language";

/*
 * Who acts: the users and the organisations (valuation firms and lenders) they belong to. Every
 * other domain's tables point here.
 */

/** Every table's creation and update times. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    email: varchar({ length: LIMITS.email }).notNull(),
    /** scrypt hash in PHC-like form, never the password itself (see docs/decisions/003). */
    password: varchar({ length: LIMITS.password }).notNull(),
    firstName: varchar({ length: LIMITS.firstName }),
    lastName: varchar({ length: LIMITS.lastName }),
    role: varchar({ length: LIMITS.role }).notNull().default("user"),
    isActive: boolean().notNull().default(true),
    /** The company the user works for: the one they own, or the one they joined by invite. */
    companyId: integer().references((): AnyPgColumn => companies.id, { onDelete: "set null" }),
    /** When the user proved they own `email` by following an emailed link; null until then. */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /**
     * The last time the user proved more than the password: followed an emailed link (confirmation,
     * recovery), passed a second factor in force for a week, or was restored by an administrator's
     * review. Recovery ends what was added after it (docs/decisions/048); null: never proven.
     */
    identityProvenAt: timestamp({ withTimezone: true }),
    /** A member's own choice to receive the company's scan alert emails (the owner always does). */
    scanAlertEmails: boolean().notNull().default(false),
    /**
     * The language the person last chose on the screens that speak more than English (the landing
     * page, sign-in, the lender screens): the emails that reach lenders are written in it.
     */
    language: varchar({ length: 2, enum: LANGUAGES }).notNull().default("en"),
    /**
     * When an administrator deactivated the account; null otherwise. Only an administrator clears
     * it: an invitation never brings such an account back (worker/services/accounts/team.ts).
     */
    deactivatedByAdminAt: timestamp({ withTimezone: true }),
    /**
     * The authenticator app's TOTP secret, encrypted under the Worker's key (worker/lib/secrets-at-rest.ts);
     * set when the user starts enrolling, in force from `totpEnabledAt`.
     */
    totpSecret: varchar({ length: 256 }),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The last time step a code was accepted for: a code works once, even within its 30 seconds. */
    totpLastStep: bigint({ mode: "number" }),
    /** Wrong second-factor codes in a row, and until when no code is checked after too many. */
    secondFactorFailures: integer().notNull().default(0),
    secondFactorBlockedUntil: timestamp({ withTimezone: true }),
    /**
     * When the account is to be erased, set when the user asks to delete it; they can undo it until
     * then (CLOSING_GRACE_DAYS). The hourly job erases it once due (worker/services/privacy/erasure.ts).
     */
    deletionDueAt: timestamp({ withTimezone: true }),
    /**
     * When the account's personal data was erased. The row stays as a tombstone (no name, an
     * address at erased.invalid, no password) so what it did still points somewhere.
     */
    erasedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    index("users_company_idx").on(t.companyId),
    index("users_created_idx").on(t.createdAt),
    index("users_deletion_due_idx")
      .on(t.deletionDueAt)
      .where(sql`${t.deletionDueAt} IS NOT NULL`),
  ],
);

export const companies = pgTable(
  "companies",
  {
    id: serial().primaryKey(),
    name: varchar({ length: LIMITS.companyName }).notNull(),
    email: varchar({ length: LIMITS.email }).notNull(),
    phone: varchar({ length: LIMITS.phone }),
    location: varchar({ length: LIMITS.location }),
    /** Never deleted from under the firm: its owner is erased to a tombstone instead (decision 066). */
    ownerId: integer()
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "restrict" }),
    isActive: boolean().notNull().default(true),
    /** The owner's rule that every member signs in with a second factor to work in the company. */
    requireSecondFactor: boolean().notNull().default(false),
    /**
     * The number of codes, kept by a trigger on qr_codes (migration 0002), so the dashboard's total
     * costs one row read however many codes a company has. Its scans are counted in
     * company_scan_counts instead: a scan must not lock the company's row.
     */
    qrCodeCount: integer().notNull().default(0),
    /**
     * The first release's single webhook, copied to webhook_endpoints by migration 0018 and no
     * longer read or written. Kept for one release so that a Worker still running the previous
     * release during a deploy keeps answering scans; the next migration drops them.
     */
    webhookUrl: varchar({ length: LIMITS.webhookUrl }),
    webhookSecret: varchar({ length: 128 }),
    webhookLastDeliveryAt: timestamp({ withTimezone: true }),
    webhookLastDeliveryOutcome: varchar({ length: 16, enum: WEBHOOK_DELIVERY_OUTCOMES }),
    webhookLastDeliveryFailure: varchar({ length: 24, enum: WEBHOOK_DELIVERY_FAILURES }),
    /** The firm's professional registration, checked by an administrator before codes show green. */
    registrationBody: varchar({ length: 64, enum: REGISTRATION_BODIES }),
    /** The body's name when registrationBody is "Other". */
    registrationBodyName: varchar({ length: LIMITS.registrationBodyName }),
    registrationNumber: varchar({ length: LIMITS.registrationNumber }),
    registrationNote: varchar({ length: LIMITS.registrationNote }),
    verificationStatus: varchar({ length: 16, enum: ISSUER_REVIEW_STATES }).notNull().default("pending"),
    /** When an administrator last verified the firm; kept while a verified firm awaits re-review. */
    verifiedAt: timestamp({ withTimezone: true }),
    /** The administrator's note on the latest decision (shown to the owner). */
    verificationNote: varchar({ length: LIMITS.verificationNote }),
    /**
     * When an administrator deactivated the firm (null while it is active): its certificates then
     * say "Issuer suspended by ValuSeal on <date>".
     */
    suspendedAt: timestamp({ withTimezone: true }),
    /**
     * When the organisation is to close, set when its owner asks; the owner can undo it until then.
     * The hourly job closes it once due (worker/services/privacy/erasure.ts).
     */
    closureDueAt: timestamp({ withTimezone: true }),
    /**
     * When the organisation closed: its people erased, keys and webhooks revoked. Its certificates
     * stay verifiable and say "Issuer account closed on <date>".
     */
    closedAt: timestamp({ withTimezone: true }),
    scanAlertMode: varchar({ length: 16, enum: SCAN_ALERT_MODES }).notNull().default("none"),
    /** IANA zone of the daily digest's 08:00. */
    timeZone: varchar({ length: LIMITS.timeZone }).notNull().default(DEFAULT_TIME_ZONE),
    lastDigestAt: timestamp({ withTimezone: true }),
    /** Days a valuation stays valid after its valuation date: each new code's default validUntil. */
    validityDays: smallint().notNull().default(VALIDITY_DAYS.default),
    /**
     * A valuation firm ("issuer") or a lender that relies on valuations ("lender"), chosen at
     * registration and never changed: what the organisation's members may do follows from it.
     */
    kind: varchar({ length: 16, enum: ORGANISATION_KINDS }).notNull().default("issuer"),
    /** For a lender: a bank, a SACCO or a microfinance institution. */
    lenderType: varchar({ length: 16, enum: LENDER_TYPES }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("companies_email_lower_unique").on(sql`lower(${t.email})`),
    index("companies_owner_idx").on(t.ownerId),
    index("companies_created_idx").on(t.createdAt),
    index("companies_closure_due_idx")
      .on(t.closureDueAt)
      .where(sql`${t.closureDueAt} IS NOT NULL AND ${t.closedAt} IS NULL`),
  ],
);
