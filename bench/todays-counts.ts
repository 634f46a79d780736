import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as tables from "../schema/tables";
import { MIGRATIONS_FOLDER } from "../scripts/lib/embedded-postgres";
import { startPostgresServer } from "../scripts/lib/postgres-server";
import type { Database } from "../worker/db";
import { loadPlatformStats } from "../worker/services/companies/analytics";
import { platformFiguresForVisit } from "../worker/services/companies/platform-figures";
import { dailyCounts } from "../worker/services/scans/scans";
import { visitorHash } from "../worker/lib/scan-visitor";
import { formatInt, median } from "./measure";
import { insertCompaniesWithCodes } from "./scan-history";
import { footprint, growthPer } from "./table-growth";

/*
 * Section 14: today's screens (decision 070) at 9 a.m. and at 9 p.m. (UTC) of one day's traffic,
 * each against the raw-log read it replaced, on a real PostgreSQL server with section 8's 100 companies of 10
 * codes. The scans go through the
 * scan function itself (log_scans), so the day rows are the ones production keeps.
 */

/** A day's scans at the evening's size: BENCH_DAY_SCANS sets another (the shape, not the size, is the question). */
export const DAY_SCANS = Number(process.env.BENCH_DAY_SCANS ?? 1_000_000);
const MORNING_SHARE = 9 / 24;
const EVENING_SHARE = 21 / 24;
/** Every HOT_EVERY-th batch is of the one hot code. */
const HOT_EVERY = 10;
/** Visits per call of the scan function, as a busy code's object sends them. */
const VISITS_PER_CALL = 100;
const RUNS = 15;
const WARMUP = 3;

export interface TodayQuery {
  screen: string;
  /** The raw-log read this screen made before decision 070. */
  before: { morningMs: number; eveningMs: number };
  after: { morningMs: number; eveningMs: number };
}

/** What scans leave in the database, per scan: the tables and indexes they grow, and the WAL they write. */
export interface ScanStorage {
  /** How the scans came: 100 a call (a crowd's batches) or one a call (the usual lone scan). */
  visitsPerCall: number;
  /** The schema measured: now, or as it was before decision 072 (64-character hashes, the log's time index). */
  schema: "now" | "before 072";
  scans: number;
  bytesPerScan: number;
  walBytesPerScan: number;
  /** Bytes per scan of each table that grew, its indexes and TOAST included, largest first. */
  tables: { table: string; bytesPerScan: number }[];
}

export interface TodaysCountsResult {
  serverVersion: string;
  morningScans: number;
  eveningScans: number;
  loadSeconds: number;
  queries: TodayQuery[];
  /** Whether every screen's figure equals what the raw log says, at both moments. */
  agree: boolean;
  storage: ScanStorage[];
}

/** The salt of the bench's visitor hashes: the Worker's own function makes them, so sizes are real. */
const BENCH_SALT = new Uint8Array(32).fill(7);

/** A visitor's hash as the Worker stores it now, or as it stored it before decision 072 (64 hex characters). */
const visitorHashOf = async (label: string, schema: ScanStorage["schema"] = "now") =>
  schema === "now" ? visitorHash(BENCH_SALT, label) : createHash("sha256").update(label).digest("hex");

/** The index on time alone that decision 072 dropped, for the raw reads made before 070 and the storage before 072. */
const TIME_INDEX = "CREATE INDEX bench_scan_events_time_idx ON scan_events (scanned_at)";
const DROP_TIME_INDEX = "DROP INDEX bench_scan_events_time_idx";

interface Subject {
  hotCodeId: number;
  hotToken: string;
  tokens: string[];
}

async function seedCodes(pool: pg.Pool): Promise<Subject> {
  const rows = await insertCompaniesWithCodes(pool, "today");
  return { hotCodeId: rows[0]!.id, hotToken: rows[0]!.public_token, tokens: rows.map((row) => row.public_token) };
}

/**
 * Scans number `from`..`to` of the day through the scan function, VISITS_PER_CALL a call: every
 * HOT_EVERY-th call of the hot code, the others round the codes; each visitor scans about three
 * times over the day, and one visit in twenty is a link preview.
 */
async function logScans(pool: pg.Pool, subject: Subject, from: number, to: number) {
  for (let first = from; first <= to; first += VISITS_PER_CALL) {
    const call = Math.floor(first / VISITS_PER_CALL);
    const token = call % HOT_EVERY === 0 ? subject.hotToken : subject.tokens[call % subject.tokens.length]!;
    const visits = [];
    for (let index = first; index < Math.min(first + VISITS_PER_CALL, to + 1); index += 1) {
      visits.push({
        arrival: index - first + 1,
        visitor_hash: await visitorHashOf(`visitor-${index % Math.ceil(DAY_SCANS / 3)}`),
        kind: index % 20 === 0 ? "preview" : "scan",
        country: "KE",
        city: "Nairobi",
        device_class: "mobile",
      });
    }
    await pool.query("SELECT count(*) FROM log_scans(false, $1, $1, $2::json, 60)", [token, JSON.stringify(visits)]);
  }
}

/** Each screen as the Worker reads it now, and the raw-log read it made before (the same figure). */
function screens(db: Database, pool: pg.Pool, subject: Subject) {
  const today = "date_trunc('day', now(), 'UTC')";
  const monthStart = "date_trunc('month', now() AT TIME ZONE 'UTC')::date";
  return [
    {
      screen: "Admin dashboard: scans today",
      after: async () => (await loadPlatformStats(db)).verificationsToday,
      before: async () =>
        Number(
          (
            await pool.query(
              `SELECT count(*) AS n FROM scan_events WHERE scanned_at >= ${today} AND qr_code_id IS NOT NULL AND counted`,
            )
          ).rows[0].n,
        ),
    },
    {
      screen: "A hot code's 30-day chart",
      after: async () => (await dailyCounts(db, subject.hotCodeId)).at(-1)!.count,
      // The finished days' roll-ups and today's raw rows, as the chart read them before.
      before: async () =>
        Number(
          (
            await pool.query(
              `WITH mark AS (SELECT rolled_until FROM scan_rollup_watermark WHERE id = 1)
               SELECT day, sum(count) AS n FROM (
                 SELECT rolled.day::text AS day, rolled.counted AS count FROM code_scan_days rolled
                 WHERE rolled.code_id = $1 AND rolled.day >= (now() AT TIME ZONE 'UTC')::date - 29
                   AND rolled.day < (SELECT rolled_until FROM mark)
                 UNION ALL
                 SELECT to_char(scan.scanned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1 FROM scan_events scan
                 WHERE scan.qr_code_id = $1 AND scan.counted AND scan.scanned_at >= ${today} - interval '29 days'
                   AND scan.scanned_at >= greatest((now() AT TIME ZONE 'UTC')::date - 29, (SELECT rolled_until FROM mark))::timestamp AT TIME ZONE 'UTC'
               ) counts GROUP BY day ORDER BY day DESC LIMIT 1`,
              [subject.hotCodeId],
            )
          ).rows[0].n,
        ),
    },
    {
      screen: "Landing page: scans this month",
      after: async () => {
        // No stored figures: the visit counts them now, as the hourly recount would.
        await db.execute(sql`DELETE FROM platform_figures`);
        return (await platformFiguresForVisit(db, () => undefined)).scansThisMonth;
      },
      before: async () =>
        Number(
          (
            await pool.query(
              `SELECT (SELECT coalesce(sum(counted), 0) FROM code_scan_days WHERE day >= ${monthStart}
                 AND day < (now() AT TIME ZONE 'UTC')::date)
               + (SELECT count(*) FROM scan_events WHERE counted AND qr_code_id IS NOT NULL AND scanned_at >= ${today}) AS n`,
            )
          ).rows[0].n,
        ),
    },
    {
      screen: "Closing the day (the hourly roll-up)",
      // The day closes by moving the mark; before, its scans were aggregated per code in one statement.
      after: async () => {
        await pool.query(
          `UPDATE scan_rollup_watermark SET rolled_until = (now() AT TIME ZONE 'UTC')::date - 1,
             running_from = (now() AT TIME ZONE 'UTC')::date - 1`,
        );
        return Number((await pool.query("SELECT roll_up_scan_days((now() AT TIME ZONE 'UTC')::date) AS n")).rows[0].n);
      },
      before: async () =>
        (
          await pool.query(
            `SELECT qr_code_id, count(*) FILTER (WHERE counted), count(*), count(DISTINCT visitor_hash) FILTER (WHERE counted)
             FROM scan_events WHERE scanned_at >= ${today} AND qr_code_id IS NOT NULL GROUP BY qr_code_id`,
          )
        ).rowCount ?? 0,
    },
  ];
}

/** The lone scans measured for their storage, one call each (a separate day's worth is not needed). */
const LONE_SCANS = 10_000;

/** Every table the scan path writes. */
const SCAN_TABLES = [
  "scan_events",
  "code_visitors",
  "code_scan_counts",
  "company_scan_counts",
  "code_scan_days",
  "scan_day_totals",
];

/** What `scans` scans (`load` logs them) added to the tables and the WAL, per scan. */
async function storagePerScan(
  pool: pg.Pool,
  measured: Pick<ScanStorage, "visitsPerCall" | "schema">,
  scans: number,
  load: () => Promise<void>,
): Promise<ScanStorage> {
  const before = await footprint(pool, SCAN_TABLES);
  await load();
  await pool.query("CHECKPOINT");
  const growth = await growthPer(pool, before, await footprint(pool, SCAN_TABLES), scans);
  return {
    ...measured,
    scans,
    bytesPerScan: growth.bytesPerUnit,
    walBytesPerScan: growth.walBytesPerUnit,
    tables: growth.tables.map(({ table, bytesPerUnit }) => ({ table, bytesPerScan: bytesPerUnit })),
  };
}

/**
 * LONE_SCANS scans, each its own call of the scan function by a new visitor, round one half of the
 * codes (`half` 0 or 1: the two runs of the section start from codes in the same state), each
 * visitor hash as `schema` stores it.
 */
async function logLoneScans(pool: pg.Pool, subject: Subject, half: 0 | 1, schema: ScanStorage["schema"]) {
  const codes = subject.tokens.filter((_, index) => index % 2 === half);
  for (let index = 0; index < LONE_SCANS; index += 1) {
    const visit = [
      {
        arrival: 1,
        visitor_hash: await visitorHashOf(`lone-${half}-${index}`, schema),
        kind: "scan",
        country: "KE",
        city: "Nairobi",
        device_class: "mobile",
      },
    ];
    const token = codes[index % codes.length]!;
    await pool.query("SELECT count(*) FROM log_scans(false, $1, $1, $2::json, 60)", [token, JSON.stringify(visit)]);
  }
}

async function timed(run: () => Promise<unknown>) {
  for (let index = 0; index < WARMUP; index += 1) await run();
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** Each screen's time now and before, and whether the figures agree (the roll-up's are not figures). */
async function measure(db: Database, pool: pg.Pool, subject: Subject) {
  const times: { afterMs: number; beforeMs: number }[] = [];
  let agree = true;
  for (const query of screens(db, pool, subject)) {
    if (!query.screen.startsWith("Closing")) agree &&= (await query.after()) === (await query.before());
    times.push({ afterMs: await timed(query.after), beforeMs: await timed(query.before) });
  }
  return { times, agree };
}

export async function benchTodaysCounts(log: (line: string) => void): Promise<TodaysCountsResult> {
  const server = await startPostgresServer();
  const pool = new pg.Pool({ connectionString: server.url, max: 2 });
  try {
    const migrating = new pg.Pool({ connectionString: server.url, max: 1 });
    await migrate(drizzle({ client: migrating }), { migrationsFolder: MIGRATIONS_FOLDER }).finally(() =>
      migrating.end(),
    );
    // Every scan of the bench is of today: the running counts hold the whole day.
    await pool.query("UPDATE scan_rollup_watermark SET running_from = (now() AT TIME ZONE 'UTC')::date");
    const { rows: version } = await pool.query<{ server_version: string }>("SHOW server_version");
    const subject = await seedCodes(pool);
    const db = drizzle({ client: pool, schema: tables, casing: "snake_case" }) as unknown as Database;
    const morningScans = Math.round(DAY_SCANS * MORNING_SHARE);
    const eveningScans = Math.round(DAY_SCANS * EVENING_SHARE);

    const loadStart = performance.now();
    const batched = await storagePerScan(pool, { visitsPerCall: VISITS_PER_CALL, schema: "now" }, morningScans, () =>
      logScans(pool, subject, 1, morningScans),
    );
    // The raw reads the screens made before decision 070 had the log's index on time: kept for them.
    await pool.query(TIME_INDEX);
    log(`  ${formatInt(morningScans)} scans by 9 a.m. (${((performance.now() - loadStart) / 1000).toFixed(0)} s)`);
    await pool.query("VACUUM ANALYZE");
    const morning = await measure(db, pool, subject);
    await logScans(pool, subject, morningScans + 1, eveningScans);
    const loadSeconds = (performance.now() - loadStart) / 1000;
    log(`  ${formatInt(eveningScans)} scans by 9 p.m. (${loadSeconds.toFixed(0)} s)`);
    await pool.query("VACUUM ANALYZE");
    const evening = await measure(db, pool, subject);

    const queries = screens(db, pool, subject).map(({ screen }, index) => ({
      screen,
      before: { morningMs: morning.times[index]!.beforeMs, eveningMs: evening.times[index]!.beforeMs },
      after: { morningMs: morning.times[index]!.afterMs, eveningMs: evening.times[index]!.afterMs },
    }));
    for (const query of queries) {
      log(
        `    ${query.screen.padEnd(40)} now ${query.after.morningMs.toFixed(2)} → ${query.after.eveningMs.toFixed(2)} ms; ` +
          `before ${query.before.morningMs.toFixed(2)} → ${query.before.eveningMs.toFixed(2)} ms`,
      );
    }
    // Lone scans as the schema was before decision 072 (the time index still there, 64-character
    // hashes), then as it is now, each round its own half of the codes. Both go through today's scan
    // function, so a code's one shard per object (decision 073) is in both.
    const loneBefore = await storagePerScan(pool, { visitsPerCall: 1, schema: "before 072" }, LONE_SCANS, () =>
      logLoneScans(pool, subject, 0, "before 072"),
    );
    await pool.query(DROP_TIME_INDEX);
    const lone = await storagePerScan(pool, { visitsPerCall: 1, schema: "now" }, LONE_SCANS, () =>
      logLoneScans(pool, subject, 1, "now"),
    );
    for (const storage of [batched, loneBefore, lone]) {
      log(
        `    ${storage.visitsPerCall} a call (${storage.schema}): ${storage.bytesPerScan.toFixed(0)} B a scan in ` +
          `tables and indexes, ${storage.walBytesPerScan.toFixed(0)} B of WAL`,
      );
    }
    return {
      storage: [batched, loneBefore, lone],
      serverVersion: version[0]!.server_version,
      morningScans,
      eveningScans,
      loadSeconds,
      queries,
      agree: morning.agree && evening.agree,
    };
  } finally {
    await pool.end();
    await server.stop();
  }
}
