import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { qrCodes } from "./codes";
import { users } from "./organisations";

/*
 * Signed evidence: report seals, the signing keys and the transparency log with its checkpoints.
 */

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
 * deleted company's entries stay in the log. The records themselves are kept apart
 * (transparencyLogRecords, then transparencyLogArchives): the chain needs only their hashes.
 */
export const transparencyLog = pgTable(
  "transparency_log",
  {
    seq: bigint({ mode: "number" }).primaryKey(),
    kind: varchar({ length: 32 }).notNull(),
    subject: varchar({ length: 64 }).notNull(),
    leafHash: varchar({ length: 64 }).notNull(),
    chainHash: varchar({ length: 64 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("transparency_log_subject_idx").on(t.subject, t.seq)],
);

/**
 * The records of the log's recent entries: a compact JWS each, stored by the same append as its
 * entry, whose leaf hash it must match (a trigger checks). Never changed; removed only once an
 * archive in R2 holds it (transparencyLogArchives, decision 077).
 */
export const transparencyLogRecords = pgTable("transparency_log_records", {
  seq: bigint({ mode: "number" })
    .primaryKey()
    .references(() => transparencyLog.seq),
  record: text().notNull(),
});

/**
 * The log's older records, moved out of the database in runs of consecutive entries: one R2
 * object each (`objectKey`), the records one per line, and where each begins (`offsets`: one per
 * entry, then the object's length). A record read back is served only when its SHA-256 is its
 * entry's leaf hash, so the object proves nothing the log does not. Rows are never changed or removed.
 */
export const transparencyLogArchives = pgTable("transparency_log_archives", {
  firstSeq: bigint({ mode: "number" }).primaryKey(),
  lastSeq: bigint({ mode: "number" }).notNull(),
  objectKey: text().notNull(),
  offsets: integer().array().notNull(),
  archivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

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
