import { type SQL, sql } from "drizzle-orm";
import { sha256Hex } from "#verifier/hashes.ts";
import type { Database, Queryable } from "#worker/db.ts";
import { EvidenceMismatchError } from "#worker/lib/errors.ts";
import type { LogArchive } from "#worker/lib/signing.ts";

/*
 * The log's older records, kept in R2 instead of the database (docs/decisions/077). The chain needs
 * only each entry's leaf hash; a record is read when a code changes, when its record file or proof
 * is asked for, and in a firm's data export. Records move in runs of consecutive entries, one
 * object per run, and each record read back is served only if its SHA-256 is its entry's leaf hash.
 */

const ARCHIVE_PREFIX = "transparency-log/";

/** Records stay in the database this long: a code's changes, seals and proofs come mostly in its first weeks. */
export const ARCHIVE_AFTER_DAYS = 30;

/** Entries per archive object: about 1.6 MB of records, read back a range at a time. */
const ENTRIES_PER_ARCHIVE = 1000;

/** Archive objects written per run at most, so one hourly run stays far within its subrequests. */
const ARCHIVES_PER_RUN = 20;

/** An entry `l` of the log and where its record is: `record` in the database, or its object's byte range. */
interface RecordSourceRow extends Record<string, unknown> {
  seq: string;
  leaf_hash: string;
  record: string | null;
  object_key: string | null;
  record_start: number | null;
  record_end: number | null;
}

/** The columns of RecordSourceRow for the entries `l` (transparency_log), with RECORD_SOURCE_JOINS. */
const RECORD_SOURCE_COLUMNS = sql`l.seq, l.leaf_hash, r.record, a.object_key,
  a.offsets[l.seq - a.first_seq + 1] AS record_start, a.offsets[l.seq - a.first_seq + 2] AS record_end`;

/** An entry's record in the database, else the one archive that covers it (found by its first entry). */
const RECORD_SOURCE_JOINS = sql`
  LEFT JOIN transparency_log_records r ON r.seq = l.seq
  LEFT JOIN LATERAL (
    SELECT first_seq, last_seq, object_key, offsets FROM transparency_log_archives
    WHERE r.seq IS NULL AND first_seq <= l.seq ORDER BY first_seq DESC LIMIT 1
  ) a ON l.seq <= a.last_seq`;

/**
 * The records of `rows`, in their order: from the database, or read from their archive objects (one
 * ranged read per object) and checked against their leaf hashes.
 */
async function recordsOf(archive: LogArchive, rows: RecordSourceRow[]): Promise<string[]> {
  const archived = new Map<string, RecordSourceRow[]>();
  for (const row of rows) {
    if (row.record !== null) continue;
    if (row.object_key === null || row.record_start === null || row.record_end === null) {
      throw new Error(`transparency_log entry ${row.seq} has neither its record nor an archive`);
    }
    const entries = archived.get(row.object_key);
    if (entries) entries.push(row);
    else archived.set(row.object_key, [row]);
  }
  const found = new Map<string, string>();
  for (const [key, entries] of archived) {
    const offset = Math.min(...entries.map((entry) => entry.record_start!));
    const end = Math.max(...entries.map((entry) => entry.record_end!));
    const object = await archive.get(key, { range: { offset, length: end - offset } });
    if (!object) throw new Error(`the archive object ${key} is missing`);
    // Compact JWS are ASCII, so the object's byte offsets are its text's character offsets.
    const text = await object.text();
    for (const entry of entries) {
      // Each record is followed by a newline in the object.
      const record = text.slice(entry.record_start! - offset, entry.record_end! - offset - 1);
      if ((await sha256Hex(record)) !== entry.leaf_hash) {
        throw new EvidenceMismatchError(`the archived record ${entry.seq} in ${key} does not match its leaf hash`);
      }
      found.set(entry.seq, record);
    }
  }
  return rows.map((row) => row.record ?? found.get(row.seq)!);
}

/** The records of the entries `where` picks (over the log `l`), in `order`, the first `limit` of them. */
export async function selectRecords(
  db: Queryable,
  archive: LogArchive,
  { where, order = sql`l.seq`, limit = null }: { where: SQL; order?: SQL; limit?: number | null },
): Promise<{ seq: number; subject: string; record: string }[]> {
  const rows = (
    (await db.execute(
      sql`SELECT ${RECORD_SOURCE_COLUMNS}, l.subject FROM transparency_log l ${RECORD_SOURCE_JOINS}
          WHERE ${where} ORDER BY ${order} LIMIT ${limit}`,
    )) as unknown as { rows: (RecordSourceRow & { subject: string })[] }
  ).rows;
  const records = await recordsOf(archive, rows);
  return rows.map((row, index) => ({ seq: Number(row.seq), subject: row.subject, record: records[index]! }));
}

interface DueRecordRow extends Record<string, unknown> {
  seq: string;
  record: string;
}

/**
 * Moves the records of entries older than `afterDays` to R2, oldest first, ENTRIES_PER_ARCHIVE to an
 * object, at most ARCHIVES_PER_RUN objects. Their age is the database's clock, the one that stamped
 * them, whatever time the run is scheduled for; 0 days moves every entry logged before the call.
 * Each run first finishes an archive that a run before it left half done (written and recorded, its
 * records not yet removed). The object is named by its entries, so a repeated run writes the same
 * bytes under the same name; the archive's row and the records' removal commit together. Returns
 * the entries archived.
 */
export async function archiveLogRecords(
  db: Database,
  archive: LogArchive,
  afterDays = ARCHIVE_AFTER_DAYS,
): Promise<number> {
  await db.execute(sql`
    DELETE FROM transparency_log_records r USING transparency_log_archives a
    WHERE r.seq BETWEEN a.first_seq AND a.last_seq
      AND a.last_seq >= (SELECT min(seq) FROM transparency_log_records)`);
  let archivedEntries = 0;
  for (let run = 0; run < ARCHIVES_PER_RUN; run += 1) {
    // The next ENTRIES_PER_ARCHIVE entries still in the database, those of them due: a bounded read
    // of the table's first pages, and nothing of the records' text when none is due.
    const rows = (
      (await db.execute(sql`
        SELECT r.seq, r.record FROM transparency_log_records r JOIN transparency_log l ON l.seq = r.seq
        WHERE r.seq < (SELECT min(seq) FROM transparency_log_records) + ${ENTRIES_PER_ARCHIVE}
          AND l.created_at < now() - make_interval(days => ${afterDays})
        ORDER BY r.seq`)) as unknown as { rows: DueRecordRow[] }
    ).rows;
    // A run is consecutive entries: it ends before the first gap (an entry not yet due).
    const first = Number(rows[0]?.seq);
    const end = rows.findIndex((row, index) => Number(row.seq) !== first + index);
    const entries = end === -1 ? rows : rows.slice(0, end);
    if (entries.length === 0) break;
    const last = first + entries.length - 1;
    const offsets = [0];
    for (const entry of entries) offsets.push(offsets.at(-1)! + entry.record.length + 1);
    const body = entries.map((entry) => `${entry.record}\n`).join("");
    const key = `${ARCHIVE_PREFIX}${String(first).padStart(12, "0")}-${String(last).padStart(12, "0")}.txt`;
    await archive.put(key, body, { httpMetadata: { contentType: "text/plain" }, sha256: await sha256Hex(body) });
    await db.batch([
      db.execute(sql`
        INSERT INTO transparency_log_archives (first_seq, last_seq, object_key, offsets)
        VALUES (${first}, ${last}, ${key}, ${`{${offsets.join(",")}}`}::int[])`),
      db.execute(sql`DELETE FROM transparency_log_records WHERE seq BETWEEN ${first} AND ${last}`),
    ]);
    archivedEntries += entries.length;
    if (entries.length < ENTRIES_PER_ARCHIVE) break;
  }
  return archivedEntries;
}
