import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { LIMITS } from "./limits";
import { LETTER_DECISIONS, WATCH_NOTICE_KINDS } from "./limits/lenders";
import {
  DEFAULT_TIME_ZONE,
  LENDER_TYPES,
  ORGANISATION_KINDS,
  REGISTRATION_BODIES,
  VERIFICATION_STATUSES,
} from "./limits/companies";
import {
  API_KEY_SCOPES,
  WEBHOOK_ATTEMPT_TRIGGERS,
  WEBHOOK_DELIVERY_FAILURES,
  WEBHOOK_DELIVERY_OUTCOMES,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LOGGED_EVENT_TYPES,
} from "./limits/integration";
import { SCAN_ALERT_MODES, SCAN_KINDS } from "./limits/scans";
import { EMAIL_TOKEN_PURPOSES } from "./limits/accounts";
import { COPY_VERDICTS, VALIDITY_DAYS, VALUATION_PURPOSES } from "./limits/codes";
import { VERIFICATION_CODE_LENGTH } from "./verification-code";
import { LANGUAGES } from "./language";

const timestamps = {
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    index("users_company_idx").on(t.companyId),
    index("users_created_idx").on(t.createdAt),
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
    ownerId: integer()
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
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
    verificationStatus: varchar({ length: 16, enum: VERIFICATION_STATUSES }).notNull().default("pending"),
    /** When an administrator last verified the firm; kept while a verified firm awaits re-review. */
    verifiedAt: timestamp({ withTimezone: true }),
    /** The administrator's note on the latest decision (shown to the owner). */
    verificationNote: varchar({ length: LIMITS.verificationNote }),
    /**
     * When an administrator deactivated the firm (null while it is active): its certificates then
     * say "Issuer suspended by ValuSeal on <date>".
     */
    suspendedAt: timestamp({ withTimezone: true }),
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
  ],
);

export const valuers = pgTable(
  "valuers",
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: varchar({ length: LIMITS.valuerName }).notNull(),
    phone: varchar({ length: LIMITS.phone }),
    qualification: varchar({ length: LIMITS.qualification }),
    /** The valuer's own registration number with their professional body. */
    registrationNumber: varchar({ length: LIMITS.registrationNumber }),
    isActive: boolean().notNull().default(true),
    /** Deleting a valuer who signed codes keeps the row so certificates still name the signer. */
    deletedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("valuers_company_idx").on(t.companyId)],
);

export const qrCodes = pgTable(
  "qr_codes",
  {
    id: serial().primaryKey(),
    /** Random, unguessable token used in the public verification address; never the serial id. */
    publicToken: varchar({ length: 32 }).notNull(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    valuationDate: timestamp({ withTimezone: true }).notNull(),
    marketValue: numeric({ precision: 15, scale: 2 }).notNull(),
    currency: varchar({ length: LIMITS.currency }).notNull().default("USD"),
    valuerId: integer().references(() => valuers.id, { onDelete: "set null" }),
    /**
     * The certificate as issued (frozen): the issuer's identity and the signing valuer as they were
     * at that moment. A later rename, registration change or valuer edit changes future codes only;
     * an issued certificate is corrected by superseding it. The issuer's identity is also what is
     * matched against ValuSeal's verifications (issuer_verifications) to decide "Verified Authentic".
     */
    issuerName: varchar({ length: LIMITS.companyName }).notNull(),
    issuerEmail: varchar({ length: LIMITS.email }).notNull(),
    issuerPhone: varchar({ length: LIMITS.phone }),
    issuerRegistrationBody: varchar({ length: 64, enum: REGISTRATION_BODIES }),
    issuerRegistrationBodyName: varchar({ length: LIMITS.registrationBodyName }),
    issuerRegistrationNumber: varchar({ length: LIMITS.registrationNumber }),
    valuerName: varchar({ length: LIMITS.valuerName }),
    valuerQualification: varchar({ length: LIMITS.qualification }),
    valuerRegistrationNumber: varchar({ length: LIMITS.registrationNumber }),
    valuerPhone: varchar({ length: LIMITS.phone }),
    propertyAddress: text().notNull(),
    propertyReference: varchar({ length: LIMITS.propertyReference }),
    propertyArea: text(),
    propertyType: varchar({ length: 50 }).notNull(),
    propertySize: numeric({ precision: 14, scale: 2 }),
    propertySizeUnit: varchar({ length: 10 }).default("sqft"),
    landSize: numeric({ precision: 14, scale: 4 }),
    landSizeUnit: varchar({ length: 10 }).default("acres"),
    latitude: numeric({ precision: 10, scale: 8 }),
    longitude: numeric({ precision: 11, scale: 8 }),
    /** The exact text encoded in the QR image: the public verification address. */
    qrCodeData: text().notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: varchar({ length: LIMITS.revocationReason }),
    revokedById: integer().references(() => users.id, { onDelete: "set null" }),
    supersededById: integer().references((): AnyPgColumn => qrCodes.id, { onDelete: "set null" }),
    /** The lender or client the report was prepared for. */
    addressee: varchar({ length: LIMITS.addressee }),
    purpose: varchar({ length: 32, enum: VALUATION_PURPOSES }),
    /** The day the property was inspected (midnight UTC, like valuationDate); never after the valuation date. */
    inspectionDate: timestamp({ withTimezone: true }),
    /** Same currency and precision as marketValue, and never above it. */
    forcedSaleValue: numeric({ precision: 15, scale: 2 }),
    /** Title or land reference number (Real Estate only). */
    titleNumber: varchar({ length: LIMITS.titleNumber }),
    /**
     * The firm's own reference for the report (its job number), unique within the firm: a batch
     * sent again, or a create retried from the firm's software, answers the code already issued
     * for it rather than issuing a second one. Never shown on the certificate.
     */
    externalReference: varchar({ length: LIMITS.externalReference }),
    /**
     * The day the valuation expires (midnight UTC): the valuation date plus the company's validity
     * period at creation, or the date the valuer chose. From that day, in the company's time zone,
     * the code is "expired".
     */
    validUntil: timestamp({ withTimezone: true }).notNull(),
    /**
     * The short code typed on /verify (schema/verification-code.ts): random, unique, not derived
     * from the token. Drawn by the database (migration 0010) so every insert gets one; a clash
     * fails the unique index and the insert is tried again.
     */
    verificationCode: varchar({ length: VERIFICATION_CODE_LENGTH })
      .notNull()
      .default(sql`random_verification_code()`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("qr_codes_public_token_unique").on(t.publicToken),
    uniqueIndex("qr_codes_verification_code_unique").on(t.verificationCode),
    uniqueIndex("qr_codes_company_external_reference_unique")
      .on(t.companyId, t.externalReference)
      .where(sql`${t.externalReference} IS NOT NULL`),
    // Ascending on purpose: read backwards it gives the lists' `ORDER BY created_at DESC, id DESC`
    // (NULLS FIRST by default). drizzle's .desc() means DESC NULLS LAST, an order Postgres cannot
    // match to that ORDER BY, so every page sorted all of a company's codes (see bench/RESULTS.md).
    index("qr_codes_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("qr_codes_company_valuation_date_idx").on(t.companyId, t.valuationDate),
    index("qr_codes_valuer_idx").on(t.valuerId),
    index("qr_codes_created_idx").on(t.createdAt),
    // A lender's check for other valuations of the same title (worker/services/lenders/reliances.ts): the title
    // compared as letters and digits only, any case.
    index("qr_codes_title_key_idx")
      .on(sql`upper(regexp_replace(${t.titleNumber}, '[^[:alnum:]]', '', 'g'))`)
      .where(sql`${t.titleNumber} IS NOT NULL`),
  ],
);

/**
 * ValuSeal's decisions that a firm is who it says it is: the identity an administrator checked
 * (legal name, registration, company email) and from when. A code is "Verified Authentic" only when
 * its frozen issuer identity equals a verification in force when the code was issued. A row is
 * never rewritten except to close it once (`endedAt`: the firm changed its identity, or the
 * verification was withdrawn); a new decision is a new row.
 */
export const issuerVerifications = pgTable(
  "issuer_verifications",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    legalName: varchar({ length: LIMITS.companyName }).notNull(),
    registrationBody: varchar({ length: 64, enum: REGISTRATION_BODIES }),
    registrationBodyName: varchar({ length: LIMITS.registrationBodyName }),
    registrationNumber: varchar({ length: LIMITS.registrationNumber }),
    companyEmail: varchar({ length: LIMITS.email }).notNull(),
    verifiedById: integer().references(() => users.id, { onDelete: "set null" }),
    /** When the administrator decided. */
    verifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The earliest issue time this verification vouches for: the decision itself, or earlier when
     * the administrator explicitly confirmed the codes the firm issued under this identity before.
     */
    coversCodesFrom: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("issuer_verifications_company_idx").on(t.companyId, t.verifiedAt)],
);

/**
 * An owner's request that ValuSeal confirm a code the firm issued before ValuSeal verified it (its
 * certificate reads "Issued before ValuSeal verified this firm" until then). One per code; the
 * administrators are emailed when it is made, and an administrator confirms by re-verifying the
 * firm with its earlier codes (decision 052).
 */
export const codeConfirmationRequests = pgTable("code_confirmation_requests", {
  codeId: integer()
    .primaryKey()
    .references(() => qrCodes.id, { onDelete: "cascade" }),
  requestedBy: integer().references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Revocation and reinstatement history: a code's status is never changed without a record. */
export const codeStatusEvents = pgTable(
  "code_status_events",
  {
    id: serial().primaryKey(),
    qrCodeId: integer()
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    action: varchar({ length: 20 }).notNull(),
    reason: varchar({ length: LIMITS.revocationReason }),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("code_status_events_code_idx").on(t.qrCodeId, t.createdAt)],
);

/**
 * A sealed version of a code's report: the fingerprints the valuer's browser computed from the
 * stamped file (docs/sealed-reports.md), never the file. A code may be sealed again for a corrected
 * report; every version is kept, numbered from 1, and a check names the one a copy matches.
 */
export const reportSeals = pgTable(
  "report_seals",
  {
    id: serial().primaryKey(),
    qrCodeId: integer()
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    sha256: varchar({ length: 64 }).notNull(),
    pageFingerprints: text().array().notNull(),
    pageCount: integer().notNull(),
    sealedBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("report_seals_code_version_idx").on(t.qrCodeId, t.version)],
);

/**
 * One row per visit of a public address (a scan, a repeat, a preview, a check of a report copy);
 * qrCodeId is null for unknown tokens (orphans). Partitioned by month of `scannedAt` (migration
 * 0022; the hourly job creates the months ahead and drops the ones past retention), so a screen
 * reads at most the partitions of the time it shows, and old history goes as whole tables.
 */
export const scanEvents = pgTable(
  "scan_events",
  {
    id: bigserial({ mode: "number" }).notNull(),
    qrCodeId: integer().references(() => qrCodes.id, { onDelete: "cascade" }),
    companyId: integer().references(() => companies.id, { onDelete: "cascade" }),
    scannedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    country: varchar({ length: 2 }),
    city: varchar({ length: 100 }),
    deviceClass: varchar({ length: 20 }),
    /** Salted SHA-256 of client address and user agent: counts unique scanners without keeping the IP. */
    visitorHash: varchar({ length: 64 }),
    /** For orphan scans: the token that was tried (truncated). */
    attemptedToken: varchar({ length: 64 }),
    /** A person's scan, or a link preview or crawler (logged so the company sees it, never counted). */
    kind: varchar({ length: 10, enum: SCAN_KINDS }).notNull().default("scan"),
    /** Whether the scan added to the code's count: a repeat by the same visitor within the window did not. */
    counted: boolean().notNull().default(true),
    /** The page whose QR was scanned (`/v/<token>/<page>` on a sealed report); null for the code's own address. */
    page: smallint(),
    /** For a check of a report copy: its verdict (one of COPY_VERDICTS). */
    checkVerdict: varchar({ length: 20, enum: COPY_VERDICTS }),
  },
  (t) => [
    // A partitioned table's key must hold the partition key.
    primaryKey({ columns: [t.id, t.scannedAt] }),
    index("scan_events_code_time_idx").on(t.qrCodeId, t.scannedAt),
    index("scan_events_company_time_idx").on(t.companyId, t.scannedAt),
    index("scan_events_time_idx").on(t.scannedAt),
    // Orphan scans are kept for less time than a code's history; the sweep finds them by this.
    index("scan_events_orphan_time_idx")
      .on(t.scannedAt)
      .where(sql`${t.qrCodeId} IS NULL`),
  ],
);

/**
 * A code's visits per UTC day, rolled up from scan_events by the hourly job once the day is over:
 * the screens read these for finished days and the raw rows only since `scanRollupWatermark`, so a
 * chart costs the same at a billion rows as at a thousand, and raw rows can be dropped after their
 * retention without losing the history the screens show.
 */
export const codeScanDays = pgTable(
  "code_scan_days",
  {
    codeId: integer()
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    /** Scans that added to the count. */
    counted: integer().notNull(),
    /** Every visit logged: counted scans, repeats, previews and checks. */
    visits: integer().notNull(),
    /** Distinct scanners that day (visitor hashes of scans). */
    visitors: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.day] }), index("code_scan_days_company_day_idx").on(t.companyId, t.day)],
);

/**
 * The landing page's figures, counted from the platform at most once an hour (the month's scans
 * read every rolled-up day and today's raw scans: too much for every visit) and shown as counted,
 * never invented (decision 053). One row.
 */
export const platformFigures = pgTable("platform_figures", {
  id: smallint().primaryKey().default(1),
  /** Valuation firms ValuSeal has verified, active and not suspended. */
  verifiedFirms: integer().notNull(),
  codesIssued: bigint({ mode: "number" }).notNull(),
  /** Counted scans of real codes in the UTC month of `countedAt`. */
  scansThisMonth: bigint({ mode: "number" }).notNull(),
  countedAt: timestamp({ withTimezone: true }).notNull(),
  /** When a visit took on counting them again; cleared by the count, given up after five minutes. */
  recountClaimedAt: timestamp({ withTimezone: true }),
});

/** The first UTC day not yet rolled up into code_scan_days: one row, moved by the roll-up itself. */
export const scanRollupWatermark = pgTable("scan_rollup_watermark", {
  id: smallint().primaryKey().default(1),
  rolledUntil: date({ mode: "string" }).notNull(),
});

/**
 * A code's counted scans and distinct scanners, spread over a few rows (shards) that concurrent
 * scans add to at random: one counter on the code's own row made every scan of a busy code wait
 * for the previous scan's lock, and with it the connections every other company needed. The
 * code's totals are the sums of its rows; the company id is repeated so the trigger on this table
 * can keep company_scan_counts without a look-up.
 */
export const codeScanCounts = pgTable(
  "code_scan_counts",
  {
    codeId: integer()
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    shard: smallint().notNull(),
    scans: bigint({ mode: "number" }).notNull().default(0),
    visitors: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.shard] })],
);

/**
 * Every visitor who ever made a counted scan of a code (within the raw scans' retention): a scan
 * whose insert here adds a row is a new distinct scanner. Looking for an earlier visit in the scan
 * log instead probed every monthly partition on every scan. `lastSeenMonth` (the first day of the
 * month of the visitor's latest counted scan, UTC; a repeat within the window leaves the row as it
 * is) lets the hourly job forget visitors with the raw visits that are past the retention, as the
 * log forgets them. `lastCountedAt` is when the visitor's latest
 * counted scan was: a scan within the repeat window of it is a repeat, so the scan never reads the
 * log (whose plan would grow with the months kept).
 */
export const codeVisitors = pgTable(
  "code_visitors",
  {
    codeId: integer()
      .notNull()
      .references(() => qrCodes.id, { onDelete: "cascade" }),
    visitorHash: varchar({ length: 64 }).notNull(),
    lastSeenMonth: date({ mode: "string" }).notNull(),
    lastCountedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.visitorHash] }), index("code_visitors_last_seen_idx").on(t.lastSeenMonth)],
);

/**
 * A company's scan total, spread over a few rows (shards) that concurrent scans update at random,
 * kept by the trigger on code_scan_counts. One row per company would make every scan of a busy
 * company wait for the previous one's lock; the total is the sum of the company's rows.
 */
export const companyScanCounts = pgTable(
  "company_scan_counts",
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    shard: smallint().notNull(),
    count: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.shard] })],
);

/**
 * The UTC hours whose alert digests a cron run has sent: a run claims its hour here first, so a
 * run made again (Cloudflare may repeat a failed scheduled run, and a run can overlap another)
 * sends no hour twice. A run that could not queue its digests gives the hour back.
 */
export const alertDigestHours = pgTable("alert_digest_hours", {
  hour: timestamp({ withTimezone: true }).primaryKey(),
  sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * When the administrators were last emailed that a subject's stored data disagrees with what
 * ValuSeal signed (a code's token, or "log"): once a day each, however often the record is asked
 * for, so a public download of a tampered code cannot flood their inboxes (docs/decisions/050).
 */
export const disagreementAlerts = pgTable("disagreement_alerts", {
  subject: varchar({ length: 64 }).primaryKey(),
  alertedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One row per signed-in session; the JWT's jti is the sid, so deleting the row ends access at once. */
export const sessions = pgTable(
  "sessions",
  {
    sid: varchar({ length: 64 }).primaryKey(),
    sess: jsonb().notNull(),
    /** The absolute end of the session, whatever its use. */
    expire: timestamp({ withTimezone: true }).notNull(),
    /**
     * The last request made with it, renewed at most once a minute: a session unused for longer than
     * its idle limit (worker/services/accounts/sessions.ts) is over.
     */
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the session proved a second factor (at sign-in, or by enrolling one); null for a password alone. */
    secondFactorAt: timestamp({ withTimezone: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_idx").on(t.userId)],
);

/** One-time codes that stand in for the authenticator app; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: varchar({ length: 64 }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("recovery_codes_hash_unique").on(t.codeHash), index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * Passkeys (WebAuthn credentials) that stand as a user's second factor. Only the public key is
 * kept; `counter` is the authenticator's signature counter, which must grow when it grows at all.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url, as the authenticator names it. */
    credentialId: varchar({ length: 1024 }).notNull(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    counter: bigint({ mode: "number" }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    /** The name the user gave it ("Work laptop"). */
    name: varchar({ length: 100 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("passkeys_credential_unique").on(t.credentialId), index("passkeys_user_idx").on(t.userId)],
);

/**
 * One-time WebAuthn challenges, used up by the answer that signs them: an answer captured on the
 * way cannot be replayed.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    challenge: varchar({ length: 128 }).notNull(),
    purpose: varchar({ length: 16, enum: ["register", "sign-in"] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("webauthn_challenges_challenge_unique").on(t.challenge)],
);

export const invites = pgTable(
  "invites",
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: varchar({ length: LIMITS.email }).notNull(),
    /** SHA-256 of the one-time token; the token itself is only ever in the link. */
    tokenHash: varchar({ length: 64 }).notNull(),
    invitedById: integer().references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("invites_token_hash_unique").on(t.tokenHash), index("invites_company_idx").on(t.companyId)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    actorEmail: varchar({ length: LIMITS.email }),
    action: varchar({ length: 100 }).notNull(),
    targetType: varchar({ length: 50 }).notNull(),
    targetId: integer(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    // A company's own events (the team's invitations per day, its membership history).
    index("audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt),
  ],
);

/** Place names for the location suggestions, loaded from an open gazetteer by scripts/seed-places. */
export const places = pgTable(
  "places",
  {
    id: serial().primaryKey(),
    name: varchar({ length: 255 }).notNull(),
    countryCode: varchar({ length: 2 }),
    population: integer().notNull().default(0),
  },
  (t) => [index("places_name_lower_idx").on(sql`lower(${t.name}) text_pattern_ops`)],
);

/**
 * One-time emailed links (email confirmation, email change, password reset). Only the SHA-256 of
 * the token is stored; a link works once (usedAt) and until expiresAt.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** For a company email change: the company whose email changes. */
    companyId: integer().references(() => companies.id, { onDelete: "cascade" }),
    purpose: varchar({ length: 32, enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    /** The address the link was sent to, and for a change the address that takes effect. */
    email: varchar({ length: LIMITS.email }).notNull(),
    tokenHash: varchar({ length: 64 }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("email_tokens_token_hash_unique").on(t.tokenHash), index("email_tokens_user_idx").on(t.userId)],
);

/**
 * Failed sign-ins, counted per email ("email:<lowercased>") and per client network
 * ("address:<IPv4 address or IPv6 /64>", docs/decisions/026); only failures count, so a correct password is never refused because of
 * someone else's mistakes (see docs/decisions/012).
 */
export const loginFailures = pgTable("login_failures", {
  key: varchar({ length: 320 }).primaryKey(),
  failures: integer().notNull().default(0),
  lastFailedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp({ withTimezone: true }),
});

/**
 * The Idempotency-Key of each code creation, per user, for 24 hours (see docs/decisions/015): the
 * same key with the same request answers the first response again instead of making, and charging
 * for, a second code. The row is inserted before the code and filled in the same transaction, so a
 * concurrent request with the key waits on it and never sees it half done.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: uuid().notNull(),
    /** SHA-256 of the validated request: the same key with another request is refused, not replayed. */
    requestHash: varchar({ length: 64 }).notNull(),
    /** The first answer; `json`, not `jsonb`, so a replay is the same text, key order included. */
    responseStatus: integer(),
    responseBody: json(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/**
 * Every key the platform has signed certificates, statuses and checkpoints with (its public half
 * only: the private key is a Worker secret). A key is registered by the statement that first signs
 * with it, so no record can carry a key that is not published at /.well-known/jwks.json; the next
 * key's first signature marks the one before as stopped. A trigger keeps rows from being deleted
 * and lets `stopped_at` and `compromised_at` only be set, never changed once set (migration 0015).
 */
export const signingKeys = pgTable("signing_keys", {
  kid: varchar({ length: 64 }).primaryKey(),
  publicJwk: jsonb().notNull(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  stoppedAt: timestamp({ withTimezone: true }),
  /** From this time on the key may be in other hands: what it signed after is refused. */
  compromisedAt: timestamp({ withTimezone: true }),
});

/**
 * The append-only log of signed records (docs/signed-records.md#the-append-only-log): each entry's `chainHash` is
 * SHA-256(previous chainHash ‖ leafHash), leafHash the SHA-256 of the record's text, so changing
 * any entry breaks every later one. A trigger refuses UPDATE, DELETE and TRUNCATE (migration 0015);
 * `subject` is the code's public token or the company's id as text, not a foreign key, because a
 * deleted company's entries stay in the log.
 */
export const transparencyLog = pgTable(
  "transparency_log",
  {
    seq: bigint({ mode: "number" }).primaryKey(),
    kind: varchar({ length: 32 }).notNull(),
    subject: varchar({ length: 64 }).notNull(),
    /** The signed record: a compact JWS. */
    record: text().notNull(),
    leafHash: varchar({ length: 64 }).notNull(),
    chainHash: varchar({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("transparency_log_subject_idx").on(t.subject, t.seq)],
);

/** The log's head: one row, moved by every append under its row lock, so entries get gapless numbers. */
export const transparencyLogHead = pgTable("transparency_log_head", {
  id: smallint().primaryKey(),
  size: bigint({ mode: "number" }).notNull(),
  headHash: varchar({ length: 64 }).notNull(),
});

/** A signed statement of the log's size and head hash at a moment: anyone can compare them over time. */
export const transparencyCheckpoints = pgTable(
  "transparency_checkpoints",
  {
    size: bigint({ mode: "number" }).notNull(),
    headHash: varchar({ length: 64 }).notNull(),
    /** The checkpoint as a compact JWS. */
    record: text().notNull(),
    /** The key that signed it: a checkpoint signed after its key's compromise time proves nothing. */
    kid: varchar({ length: 64 }).notNull(),
    signedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // One per size and key: after a compromise, the next key signs the same size again.
  (t) => [primaryKey({ columns: [t.size, t.kid] })],
);

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
  (t) => [index("webhook_attempts_endpoint_idx").on(t.endpointId, t.attemptedAt, t.id)],
);

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
