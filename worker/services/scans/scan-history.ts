import { sql } from "drizzle-orm";
import { DAY_MS } from "#schema/limits.ts";
import type { Database } from "#worker/db.ts";
import { forgetPastVisitorSalts } from "./visitor-salts";

/** Months of partitions kept ready ahead of scans: this month and the next two. */
const MONTHS_AHEAD = 3;
/** Rows are deleted this many at a time, so no statement holds a long lock or a big undo. */
const DELETE_BATCH = 10_000;
/** At most this many batches of each kind a run; what is left goes in the next hourly run. */
const DELETE_BATCHES_PER_RUN = 20;

interface ScanHistoryRetention {
  /** Raw visits of real codes are kept this many months (the daily roll-ups stay). */
  months: number;
  /** Visits of addresses that match no code are kept this many days. */
  orphanDays: number;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

const firstValue = async (db: Database, query: ReturnType<typeof sql>) => {
  const result = await db.execute<{ value: number | string | null }>(query);
  return Number(result.rows[0]?.value ?? 0);
};

/**
 * The hourly job that keeps scan history fast and bounded, in order (each one statement):
 * - the months' partitions ahead of `now` exist, and rows that fell into the default partition
 *   move into their month;
 * - every whole UTC day before today (by `now` and by the database's clock, whichever is earlier)
 *   is closed: the watermark moves past it. Its counts are already in code_scan_days, added as its
 *   scans were counted (decision 070); only a day before the running counts began is rolled up from
 *   the raw log, once;
 * - raw visits older than the retention are dropped a month at a time (never a month not yet
 *   rolled up), and orphan scans older than theirs are deleted in batches, as are the code's
 *   visitors whose latest scan's month went past the retention;
 * - the keys of past years' visitor hashes are deleted.
 * It answers what it did, which the cron logs.
 */
export async function maintainScanHistory(db: Database, now: Date, retention: ScanHistoryRetention) {
  const partitionsCreated = await firstValue(
    db,
    sql`SELECT ensure_scan_event_partitions(${utcDay(now)}::date, ${MONTHS_AHEAD}) AS value`,
  );
  const codeDaysRolledUp = await firstValue(db, sql`SELECT roll_up_scan_days(${utcDay(now)}::date) AS value`);
  // What is deleted is measured from the earlier of `now` and the database's own clock, so a run
  // with a clock ahead (a skewed scheduler, a test of a future day) never deletes recent history.
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - retention.months);
  const retentionCutoff = sql`least(${cutoff.toISOString()}::timestamptz, now() - make_interval(months => ${retention.months}))`;
  const partitionsDropped = await firstValue(
    db,
    sql`SELECT drop_scan_event_partitions_before(${retentionCutoff}) AS value`,
  );
  const orphanCutoff = sql`least(${new Date(now.getTime() - retention.orphanDays * DAY_MS).toISOString()}::timestamptz,
    now() - make_interval(days => ${retention.orphanDays}))`;
  const orphansDeleted = await deleteInBatches(
    db,
    sql`DELETE FROM scan_events WHERE (id, scanned_at) IN (
          SELECT id, scanned_at FROM scan_events
          WHERE qr_code_id IS NULL AND scanned_at < ${orphanCutoff}
          LIMIT ${DELETE_BATCH})`,
  );
  // A visitor is forgotten with the month of their latest scan, once that month goes as a partition
  // does: past the retention and rolled up (the drop never passes the roll-up's watermark). A
  // visitor never outlives the raw visits that make them one, so one who returns later is new again.
  // The outer test repeats the month's, so a visitor whose scan moved their month on while the
  // batch waited for the row is kept.
  const forgetBefore = sql`date_trunc('month', least(${retentionCutoff},
    coalesce((SELECT rolled_until::timestamp AT TIME ZONE 'UTC' FROM scan_rollup_watermark WHERE id = 1), '-infinity'))
    AT TIME ZONE 'UTC')::date`;
  const visitorsForgotten = await deleteInBatches(
    db,
    sql`DELETE FROM code_visitors WHERE last_seen_month < ${forgetBefore} AND (code_id, visitor_hash) IN (
          SELECT code_id, visitor_hash FROM code_visitors WHERE last_seen_month < ${forgetBefore}
          LIMIT ${DELETE_BATCH})`,
  );
  // Past years' keys of the visitor hashes go: their hashes can no longer be matched to anyone.
  const visitorSaltsForgotten = await forgetPastVisitorSalts(db, now);
  return {
    partitionsCreated,
    codeDaysRolledUp,
    partitionsDropped,
    orphansDeleted,
    visitorsForgotten,
    visitorSaltsForgotten,
  };
}

/** Runs a `DELETE … LIMIT`-bounded statement until it deletes less than a batch, or the run's batches are spent. */
async function deleteInBatches(db: Database, deleteBatch: ReturnType<typeof sql>) {
  let deleted = 0;
  for (let batch = 0; batch < DELETE_BATCHES_PER_RUN; batch += 1) {
    const count = await firstValue(
      db,
      sql`WITH gone AS (${deleteBatch} RETURNING 1) SELECT count(*) AS value FROM gone`,
    );
    deleted += count;
    if (count < DELETE_BATCH) break;
  }
  return deleted;
}
