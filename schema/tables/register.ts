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
import { REGISTER_SOURCE_KINDS } from "../limits/register";
import { REGISTER_STATUSES } from "../valuer-register";

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
