import { sql } from "drizzle-orm";
import { scanEvents } from "#schema/tables.ts";
import { REPEAT_SCAN_WINDOW_MINUTES } from "#schema/limits/scans.ts";
import type { CertificateRow, CodeColumn } from "#worker/lib/certificate-columns.ts";
import type { Database } from "#worker/db.ts";
import {
  type BatchAnswers,
  SCAN_BATCH_MAX,
  SCAN_BUSY_SHARE,
  SCAN_WAITING_MAX,
  ScanBatcher,
} from "#worker/lib/scan-batcher.ts";
import type { Visit } from "#worker/lib/scan-visitor.ts";

/*
 * Counting scans: every visit logged, counted when it should be (a person's first scan, or their
 * first after the repeat window), through the database's scan function (log-scans-function.ts).
 * What the certificate then says is certificate-lookup.ts's business.
 */

const ATTEMPTED_TOKEN_MAX = 64;

/**
 * How a code is looked up: by the public token of its address (a scan), or by its verification
 * code (typed on /verify); `attempted` is what an orphan scan records when nothing matches.
 */
export interface CodeKey {
  column: CodeColumn;
  value: string;
  attempted: string;
}

/** A visit to count, and the page of a sealed report whose QR was scanned (null for the code's own address). */
export interface PendingScan {
  visit: Visit;
  page: number | null;
}

/**
 * Where a visit is counted. The Worker sends it through the code's Durable Object, which batches a
 * code's simultaneous scans into one call of logScans (worker/request/scan-ledger.ts); `db` serves
 * the read-only look-up and the orphan scans of malformed input.
 */
export interface ScanLedger {
  db: Database;
  count(key: CodeKey, scan: PendingScan): Promise<CertificateRow | null>;
}

/**
 * Visits to one code logged, counted when they should be, and the certificate answered to each:
 * one call of the scan function (LOG_SCANS_FUNCTION, log-scans-function.ts), one answer per
 * visit in order; all null when the key matched no code, which the function logged as orphan scans.
 */
/** The certificates of one call of the scan function, one per scan in order, and its database time. */
type LoggedScans = BatchAnswers<CertificateRow | null>;

export async function logScans(db: Database, key: CodeKey, scans: PendingScan[]): Promise<LoggedScans> {
  const visits = scans.map(({ visit, page }, index) => ({
    arrival: index + 1,
    visitor_hash: visit.visitorHash,
    kind: visit.kind,
    country: visit.country,
    city: visit.city,
    device_class: visit.deviceClass,
    page,
  }));
  // One row whatever the function answers: its answers in order, and how long the statement kept
  // the database busy (its clock at the end against the statement's start), which paces a crowd's
  // next call (ScanBatcher) by the database's time rather than the link's.
  const result = await db.execute<{ certificates: CertificateRow[] | null; database_ms: number }>(
    sql`SELECT (
          SELECT jsonb_agg(certificate ORDER BY position)
          FROM log_scans(${key.column === "verification_code"}::boolean, ${key.value}::text,
            ${key.attempted}::text, ${JSON.stringify(visits)}::json, ${REPEAT_SCAN_WINDOW_MINUTES}::int
          ) WITH ORDINALITY AS answer (certificate, position)
        ) AS certificates,
        (extract(epoch FROM clock_timestamp() - statement_timestamp()) * 1000)::float8 AS database_ms`,
  );
  const [row] = result.rows;
  const certificates = row?.certificates ?? [];
  const databaseMs = Number(row?.database_ms ?? 0);
  if (certificates.length === 0) return { answers: scans.map(() => null), busyMs: databaseMs };
  if (certificates.length !== scans.length) {
    throw new Error(`log_scans answered ${certificates.length} certificates for ${scans.length} scans`);
  }
  return { answers: certificates, busyMs: databaseMs };
}

/**
 * A ledger that counts each code's simultaneous visits together, one call of logScans at a time
 * per code (ScanBatcher): what a code's Durable Object runs, and what the bench's burst runs to
 * send the database exactly those calls.
 */
export function batchingLedger(db: Database): ScanLedger {
  const batchers = new Map<string, ScanBatcher<PendingScan, CertificateRow | null>>();
  return {
    db,
    count(key, scan) {
      const name = `${key.column}:${key.value}`;
      let batcher = batchers.get(name);
      if (!batcher) {
        batcher = new ScanBatcher(
          (scans) => logScans(db, key, scans),
          SCAN_BATCH_MAX,
          SCAN_WAITING_MAX,
          SCAN_BUSY_SHARE,
        );
        batchers.set(name, batcher);
      }
      return batcher.submit(scan);
    },
  };
}

/** Malformed tokens are never looked up; the attempt is still logged so guessing shows up. */
export async function logOrphanScan(db: Database, attemptedToken: string, visit: Visit) {
  await db.insert(scanEvents).values({
    kind: visit.kind,
    counted: false,
    country: visit.country,
    city: visit.city,
    deviceClass: visit.deviceClass,
    visitorHash: visit.visitorHash,
    // Control characters (a decoded %00) would break the insert; the rest is kept as typed.
    attemptedToken: attemptedToken.replace(/\p{Cc}/gu, "?").slice(0, ATTEMPTED_TOKEN_MAX),
  });
}
