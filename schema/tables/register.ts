import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { LIMITS } from "../limits";
import { PRACTISING_CERTIFICATE_DECISIONS, REGISTER_SOURCE_KINDS } from "../limits/register";
import { LAPSED_RESULTS, REGISTER_RESULTS, REGISTER_STATUSES } from "../valuer-register";
import { companies } from "./organisations";
import { valuers } from "./codes";

/*
 * Registers of valuers (decision 061): where a valuer's registration is checked, and every
 * snapshot of each register as it was published, kept as imported (a trigger refuses changes,
 * migration 0044), so a check made on a day can be shown again years later.
 */

/** A register ValuSeal checks valuers against: who keeps it, where, and whether it is a published list. */
export const registerSources = pgTable("register_sources", {
  id: serial().primaryKey(),
  /** ISO 3166 country code ("KE"). */
  jurisdiction: varchar({ length: 2 }).notNull(),
  /** Who keeps it: "Valuers Registration Board". */
  body: varchar({ length: 200 }).notNull(),
  kind: varchar({ length: 20, enum: REGISTER_SOURCE_KINDS }).notNull(),
  /** Where the list is published, when it is. */
  url: varchar({ length: 500 }),
  createdByUserId: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One import of a register's list: the day it was published and the file's fingerprint. */
export const registerSnapshots = pgTable(
  "register_snapshots",
  {
    id: serial().primaryKey(),
    sourceId: integer()
      .notNull()
      .references(() => registerSources.id),
    publishedOn: date({ mode: "string" }).notNull(),
    fileName: varchar({ length: 200 }).notNull(),
    /** SHA-256 of the file's bytes, hex: the same file imported twice is refused. */
    fileSha256: varchar({ length: 64 }).notNull(),
    rowCount: integer().notNull(),
    importedByUserId: integer().notNull(),
    importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("register_snapshots_file").on(t.sourceId, t.fileSha256),
    index("register_snapshots_newest").on(t.sourceId, t.publishedOn, t.id),
  ],
);

/** One registration as a snapshot lists it, with its number normalised for matching. */
export const registerEntries = pgTable(
  "register_entries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    snapshotId: integer()
      .notNull()
      .references(() => registerSnapshots.id),
    /** As published ("VRB/V/1182"). */
    registrationNumber: varchar({ length: LIMITS.registrationNumber }).notNull(),
    /** normaliseRegistrationNumber's answer ("V/1182"): what a valuer's number is matched on. */
    normalisedNumber: varchar({ length: LIMITS.registrationNumber }).notNull(),
    name: varchar({ length: 200 }).notNull(),
    status: varchar({ length: 16, enum: REGISTER_STATUSES }).notNull(),
    validUntil: date({ mode: "string" }),
  },
  (t) => [
    uniqueIndex("register_entries_number").on(t.snapshotId, t.normalisedNumber),
    index("register_entries_by_number").on(t.normalisedNumber, t.snapshotId),
    check("register_entries_number_present", sql`${t.normalisedNumber} <> ''`),
  ],
);

/**
 * A valuer's practising certificate for a year, uploaded by the firm (the file kept in the EVIDENCE
 * R2 bucket under `objectKey`) while no published list exists; an administrator accepts it with the
 * day it is valid until (31 December of its year) or rejects it with the reason. The decision is
 * made once: a trigger refuses changing a reviewed row or deleting any (migration 0045).
 */
export const practisingCertificates = pgTable(
  "practising_certificates",
  {
    id: serial().primaryKey(),
    valuerId: integer()
      .notNull()
      .references(() => valuers.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The valuer's number and name when the file was uploaded: the review vouches for these. */
    registrationNumber: varchar({ length: LIMITS.registrationNumber }).notNull(),
    valuerName: varchar({ length: LIMITS.valuerName }).notNull(),
    objectKey: varchar({ length: 100 }).notNull(),
    fileName: varchar({ length: 200 }).notNull(),
    contentType: varchar({ length: 40 }).notNull(),
    byteSize: integer().notNull(),
    sha256: varchar({ length: 64 }).notNull(),
    uploadedByUserId: integer().notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decision: varchar({ length: 10, enum: PRACTISING_CERTIFICATE_DECISIONS }),
    /** Accepted: the last day the practising certificate is valid. */
    validUntil: date({ mode: "string" }),
    /** Rejected: why, as the firm is told. */
    rejectionReason: varchar({ length: 500 }),
    reviewedByUserId: integer(),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("practising_certificates_valuer").on(t.valuerId, t.id),
    index("practising_certificates_waiting")
      .on(t.uploadedAt)
      .where(sql`${t.decision} IS NULL`),
  ],
);

/**
 * What ValuSeal knows of a valuer's registration, appended each time it changes: when a snapshot is
 * imported, an administrator accepts a practising certificate, or the firm changes the valuer's
 * name or number. Issuing freezes the newest check for the valuer's current name and number onto
 * the code (valuerCheckAtIssue): `result` until `holdsThrough`, `lapsesAs` after it.
 */
export const valuerChecks = pgTable(
  "valuer_checks",
  {
    id: serial().primaryKey(),
    valuerId: integer()
      .notNull()
      .references(() => valuers.id, { onDelete: "cascade" }),
    kind: varchar({ length: 20, enum: REGISTER_SOURCE_KINDS }).notNull(),
    sourceId: integer()
      .notNull()
      .references(() => registerSources.id),
    snapshotId: integer().references(() => registerSnapshots.id),
    practisingCertificateId: integer().references(() => practisingCertificates.id),
    /** The valuer's number and name as checked: a check holds only while the valuer's are the same. */
    registrationNumber: varchar({ length: LIMITS.registrationNumber }).notNull(),
    valuerName: varchar({ length: LIMITS.valuerName }).notNull(),
    result: varchar({ length: 16, enum: REGISTER_RESULTS }).notNull(),
    /** The name the register lists the number under, when it lists it. */
    listedName: varchar({ length: 200 }),
    publishedOn: date({ mode: "string" }),
    reviewedOn: date({ mode: "string" }),
    validUntil: date({ mode: "string" }),
    holdsThrough: date({ mode: "string" }).notNull(),
    lapsesAs: varchar({ length: 10, enum: LAPSED_RESULTS }).notNull(),
    checkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("valuer_checks_newest").on(t.valuerId, t.id)],
);

/** The December reminder sent for a valuer's practising certificate of a year: at most one each. */
export const practisingCertificateReminders = pgTable(
  "practising_certificate_reminders",
  {
    valuerId: integer()
      .notNull()
      .references(() => valuers.id, { onDelete: "cascade" }),
    year: integer().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("practising_certificate_reminders_once").on(t.valuerId, t.year)],
);
