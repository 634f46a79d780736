import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { SCAN_KINDS } from "../limits/scans";
import { COPY_VERDICTS } from "../limits/codes";
import { qrCodes } from "./codes";
import { companies } from "./organisations";

/*
 * Scans: the scan log, its daily roll-up, the counts (in shards) and visitors, and the alert
 * digests.
 */

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
    /**
     * The year's salted SHA-256 of the visitor's network, its first 128 bits in base64url (visitorHash;
     * 64 hex characters before decision 072, kept until their retention): counts unique scanners without keeping the IP.
     */
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
    // Orphan scans are kept for less time than a code's history; the sweep finds them by this.
    index("scan_events_orphan_time_idx")
      .on(t.scannedAt)
      .where(sql`${t.qrCodeId} IS NULL`),
  ],
);

/**
 * A code's visits per UTC day, added to by the scan function as each batch is counted (decision
 * 070; before it, rolled up from scan_events once the day was over): every screen reads these, for
 * today as for past days, so a chart costs the same at 9 p.m. as at 9 a.m. and at a billion rows as
 * at a thousand, and raw rows can be dropped after their retention without losing the history the
 * screens show.
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
    /** Distinct scanners whose scan counted that day (visitor hashes). */
    visitors: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.day] }), index("code_scan_days_company_day_idx").on(t.companyId, t.day)],
);

/**
 * The first UTC day not yet closed: one row, moved by the hourly job. Days before it are whole in
 * code_scan_days, so their raw scans may be dropped after the retention. Since `runningFrom`, each
 * batch of scans adds itself to code_scan_days and scan_day_totals as it is counted (decision 070),
 * so closing a day moves this mark and reads nothing; a day before it (the release that began the
 * running counts, or history loaded in bulk) is rolled up from the raw log once as it closes.
 */
export const scanRollupWatermark = pgTable("scan_rollup_watermark", {
  id: smallint().primaryKey().default(1),
  rolledUntil: date({ mode: "string" }).notNull(),
  /** The first UTC day whose scans were all added to the day's counts as they were counted. */
  runningFrom: date({ mode: "string" }),
});

/**
 * The platform's counted scans per UTC day, spread over a few rows (shards) that concurrent scans
 * add to at random, kept by the scan function as each batch is counted: the administrator's "today"
 * and the landing page's month read at most a month of these rows, whatever the traffic.
 */
export const scanDayTotals = pgTable(
  "scan_day_totals",
  {
    day: date({ mode: "string" }).notNull(),
    shard: smallint().notNull(),
    counted: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);

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
    /** As in scan_events: 22 base64url characters since decision 072 (a visitor seen before counts once more that year). */
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
 * The key of a year's visitor hashes (worker/services/scans/visitor-salts.ts): 32 random bytes made
 * on the year's first scan and deleted once the year is over (the hourly job), so a scanner is
 * recognisable within a calendar year (UTC) and never across years, by anyone, with any secret
 * (decision 064).
 */
export const visitorSalts = pgTable("visitor_salts", {
  year: integer().primaryKey(),
  /** Hexadecimal, 64 characters. */
  salt: varchar({ length: 64 }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
