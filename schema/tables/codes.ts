import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { LIMITS } from "../limits";
import { REGISTRATION_BODIES } from "../limits/companies";
import { VALUATION_PURPOSES } from "../limits/codes";
import { VERIFICATION_CODE_LENGTH } from "../verification-code";
import type { ValuerRegisterCheck } from "../valuer-register";
import { timestamps, users, companies } from "./organisations";

/*
 * Issuing: valuers, the codes with their frozen certificates, their status history, confirmation
 * requests, Idempotency-Keys, and the place names the form suggests.
 */

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
    /** Restrict: an issued certificate outlives its firm, which closes instead of being deleted. */
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
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
    /**
     * What ValuSeal knew of the signing valuer's registration on the day of issue (decision 062),
     * frozen with the rest and carried by the signed record; null when it had not checked it.
     */
    valuerRegisterCheck: jsonb().$type<ValuerRegisterCheck>(),
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
