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
import { batchingLedger } from "../worker/services/scans/scan-counting";
import { lookUpAddress } from "../worker/services/scans/certificate-lookup";
import { loadCodeScans, recentCompanyScans } from "../worker/services/scans/scans";
import { formatInt, median } from "./measure";

/** The two sizes of scan history compared: the screens' queries at the second within 2× of the first. */
export const HISTORY_SMALL = 1_000_000;
export const HISTORY_TARGET = 100_000_000;
/** BENCH_HISTORY_ROWS sets a smaller large size for a quicker run (loading runs at about 65,000 scans a second here). */
export const HISTORY_LARGE = Number(process.env.BENCH_HISTORY_ROWS ?? HISTORY_TARGET);
/** Scans a day, the same at both sizes: the large history is the small one's traffic kept for longer. */
export const SCANS_PER_DAY = 137_000;
const COMPANIES = 100;
const CODES_PER_COMPANY = 10;
/** Every HOT_EVERY-th scan is of one hot code; the rest are spread over the other codes. */
export const HOT_EVERY = 10;
const CHUNK = 5_000_000;
const RUNS = 15;
const WARMUP = 3;

export interface HistoryQuery {
  screen: string;
  small: number;
  large: number;
}

export interface ScanHistoryResult {
  serverVersion: string;
  small: { rows: number; days: number; seedSeconds: number; tableSize: string };
  large: { rows: number; days: number; seedSeconds: number; tableSize: string; partitions: number };
  queries: HistoryQuery[];
  /** The roll-up of one finished day at the large size (the hourly job's work once a day). */
  oneDayRollUpMs: number;
}

interface Subject {
  hotCodeId: number;
  hotToken: string;
  hotCompanyId: number;
  typicalCodeId: number;
}

/**
 * COMPANIES companies with their owners and CODES_PER_COMPANY codes each, inserted directly and
 * named after `label` ("history"): the codes in the order made, the first company's first code first.
 */
export async function insertCompaniesWithCodes(pool: pg.Pool, label: string) {
  const title = label.charAt(0).toUpperCase() + label.slice(1);
  await pool.query(
    `WITH owners AS (
       INSERT INTO users (email, password, first_name, last_name)
       SELECT format('${label}-owner-%s@bench.invalid', g), 'seeded-account-never-signs-in', '${title}', 'Owner'
       FROM generate_series(1, $1::int) g RETURNING id
     )
     INSERT INTO companies (name, email, owner_id)
     SELECT format('${title} Valuers %s Ltd', id), format('${label}-%s@bench.invalid', id), id FROM owners`,
    [COMPANIES],
  );
  const { rows } = await pool.query<{ id: number; company_id: number; public_token: string }>(
    `INSERT INTO qr_codes (public_token, user_id, company_id, valuation_date, market_value, currency,
       issuer_name, issuer_email, property_address, property_type, qr_code_data, valid_until)
     SELECT token, c.owner_id, c.id, now(), 45000000, 'KES', c.name, c.email, 'Plot 14, Riverside Drive',
       'Real Estate', 'https://verify.valuseal.com/v/' || token, now() + interval '90 days'
     FROM companies c CROSS JOIN generate_series(1, $1::int) g
     CROSS JOIN LATERAL (SELECT substr(md5('${label}-' || c.id || '-' || g), 1, 16) AS token) t
     ORDER BY c.id, g
     RETURNING id, company_id, public_token`,
    [CODES_PER_COMPANY],
  );
  return rows;
}

/** The seeded companies and codes; the first code of the first company is the hot one. */
async function seedCodes(pool: pg.Pool): Promise<Subject> {
  const rows = await insertCompaniesWithCodes(pool, "history");
  const [hot, typical] = [rows[0]!, rows[rows.length - 1]!];
  return { hotCodeId: hot.id, hotToken: hot.public_token, hotCompanyId: hot.company_id, typicalCodeId: typical.id };
}

/**
 * Scans number `from`..`to` of a history of `total` scans ending now, in time order at
 * SCANS_PER_DAY (as a Worker logs them: one row per visit, appended in time order, so a day's rows
 * sit together in the table as they do in production; a join picking each scan's code once
 * scattered them at one size and not the other), every HOT_EVERY-th of the hot code;
 * each visitor scans three times over the history. Then the hourly job's roll-up of every day
 * the chunk finished, as it would have run as those days ended.
 */
async function loadScans(pool: pg.Pool, subject: Subject, from: number, to: number, total: number) {
  const seconds = Math.round((total / SCANS_PER_DAY) * 86_400);
  await pool.query(
    `WITH code AS MATERIALIZED (
       SELECT array_agg(id ORDER BY id) AS ids, array_agg(company_id ORDER BY id) AS companies, count(*) AS n
       FROM qr_codes
     )
     INSERT INTO scan_events (qr_code_id, company_id, scanned_at, country, city, device_class, visitor_hash, kind, counted)
     SELECT CASE WHEN g % $4 = 0 THEN $5::int ELSE code.ids[1 + (g * 7919) % code.n] END,
       CASE WHEN g % $4 = 0 THEN $6::int ELSE code.companies[1 + (g * 7919) % code.n] END,
       now() - make_interval(secs => $3::float8 * (1 - g::float8 / $7::float8)),
       'KE', 'Nairobi', 'mobile', md5((g % ($7::bigint / 3 + 1))::text), 'scan', true
     FROM code CROSS JOIN generate_series($1::bigint, $2::bigint) g`,
    [from, to, seconds, HOT_EVERY, subject.hotCodeId, subject.hotCompanyId, total],
  );
  await pool.query("SELECT roll_up_scan_days(((now() - make_interval(secs => $1::float8)) AT TIME ZONE 'UTC')::date)", [
    seconds * (1 - to / total),
  ]);
}

/** The code's totals, as the scan path keeps them, for the history just loaded. */
async function countCodes(pool: pg.Pool) {
  await pool.query("TRUNCATE code_scan_counts");
  await pool.query(
    `INSERT INTO code_scan_counts (code_id, company_id, shard, scans, visitors)
     SELECT code_id, company_id, 0, sum(counted), sum(visitors) FROM code_scan_days GROUP BY code_id, company_id`,
  );
}

/**
 * The codes' visitors as the scan path keeps them (one row per code and visitor, with the month of
 * their latest scan) for the history just loaded, as a bulk load is done: the table's constraints
 * and indexes dropped, the rows inserted, and both made again from their own definitions.
 */
async function recordVisitors(pool: pg.Pool) {
  const { rows: constraints } = await pool.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
     WHERE conrelid = 'code_visitors'::regclass ORDER BY contype DESC`,
  );
  const { rows: indexes } = await pool.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE tablename = 'code_visitors' AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
  );
  await pool.query("TRUNCATE code_visitors");
  for (const constraint of constraints)
    await pool.query(`ALTER TABLE code_visitors DROP CONSTRAINT "${constraint.name}"`);
  for (const index of indexes) await pool.query(`DROP INDEX "${index.name}"`);
  await pool.query(
    `INSERT INTO code_visitors (code_id, visitor_hash, last_seen_month)
     SELECT qr_code_id, visitor_hash, date_trunc('month', max(scanned_at) AT TIME ZONE 'UTC')::date
     FROM scan_events WHERE kind = 'scan' AND qr_code_id IS NOT NULL GROUP BY qr_code_id, visitor_hash`,
  );
  for (const constraint of constraints) {
    await pool.query(`ALTER TABLE code_visitors ADD CONSTRAINT "${constraint.name}" ${constraint.definition}`);
  }
  for (const index of indexes) await pool.query(index.definition);
}

/** The secondary indexes of scan_events, as declared on the partitioned table. */
async function secondaryIndexes(pool: pg.Pool) {
  const { rows } = await pool.query<{ name: string; definition: string }>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE schemaname = 'public' AND tablename = 'scan_events' AND indexname <> 'scan_events_id_scanned_at_pk'
     ORDER BY indexname`,
  );
  return rows;
}

/**
 * A bulk load the way one is done on Postgres: the secondary indexes are dropped, the rows
 * loaded, and the indexes built again from their own definitions (checked identical afterwards).
 */
async function loadHistory(pool: pg.Pool, subject: Subject, total: number, log: (line: string) => void) {
  const start = performance.now();
  const indexes = await secondaryIndexes(pool);
  for (const index of indexes) await pool.query(`DROP INDEX "${index.name}"`);
  const days = Math.ceil(total / SCANS_PER_DAY) + 1;
  // The months of the history, as the hourly job made them month by month.
  await pool.query(
    "SELECT ensure_scan_event_partitions(((now() - make_interval(days => $1)) AT TIME ZONE 'UTC')::date, $2)",
    [days, Math.ceil(days / 30) + 3],
  );
  await pool.query("TRUNCATE scan_events, code_scan_days");
  await pool.query(
    "UPDATE scan_rollup_watermark SET rolled_until = ((now() - make_interval(days => $1)) AT TIME ZONE 'UTC')::date",
    [days],
  );
  for (let from = 1; from <= total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK - 1);
    await loadScans(pool, subject, from, to, total);
    log(`    ${formatInt(to)} of ${formatInt(total)} scans (${((performance.now() - start) / 1000).toFixed(0)} s)`);
  }
  // pg_indexes shows a partitioned table's index as made "ON ONLY" the parent (without building the
  // partitions' own); made on the table, it is built on every partition.
  for (const index of indexes) await pool.query(index.definition.replace(" ON ONLY ", " ON "));
  if (JSON.stringify(await secondaryIndexes(pool)) !== JSON.stringify(indexes)) {
    throw new Error("scan_events' indexes differ after the bulk load");
  }
  log(`    indexes built again (${((performance.now() - start) / 1000).toFixed(0)} s)`);
  await countCodes(pool);
  await recordVisitors(pool);
  log(`    the codes' visitors recorded (${((performance.now() - start) / 1000).toFixed(0)} s)`);
  await pool.query("VACUUM ANALYZE");
  const { rows } = await pool.query<{ size: string; partitions: string }>(
    `SELECT pg_size_pretty(sum(pg_total_relation_size(inhrelid))) AS size, count(*) AS partitions
     FROM pg_inherits WHERE inhparent = 'scan_events'::regclass`,
  );
  return {
    rows: total,
    days,
    seedSeconds: (performance.now() - start) / 1000,
    tableSize: rows[0]!.size,
    partitions: Number(rows[0]!.partitions),
  };
}

/** What each screen (and the scan itself) runs, through the services' own functions. */
function screenQueries(db: Database, subject: Subject) {
  const phone = { kind: "scan", country: "KE", city: "Nairobi", deviceClass: "mobile" } as const;
  let visitor = 0;
  // The counting the code's Durable Object does: here each scan is a batch of one.
  const ledger = batchingLedger(db);
  return [
    {
      screen: "A hot code's scan log (latest 100, 30-day chart, unique scanners)",
      run: () => loadCodeScans(db, subject.hotCodeId),
    },
    { screen: "A typical code's scan log", run: () => loadCodeScans(db, subject.typicalCodeId) },
    {
      screen: "Dashboard: the company's recent scans",
      run: () => recentCompanyScans(db, subject.hotCompanyId, 10),
    },
    { screen: "Admin dashboard (scans today among the platform's figures)", run: () => loadPlatformStats(db) },
    {
      screen: "A counted scan of the hot code (repeat check, new-scanner check, count, log)",
      run: () =>
        lookUpAddress(ledger, subject.hotToken, "https://verify.valuseal.com", {
          ...phone,
          visitorHash: `bench-visitor-${(visitor += 1)}`,
        }),
    },
    {
      screen: "Before: unique scanners of the hot code counted over its whole history",
      // Seconds a run at the large size: a few runs are enough.
      runs: 3,
      run: () =>
        db.execute(sql`SELECT count(DISTINCT visitor_hash) FROM scan_events
          WHERE qr_code_id = ${subject.hotCodeId} AND kind = 'scan'`),
    },
  ];
}

async function timeQueries(db: Database, subject: Subject) {
  const figures: number[] = [];
  for (const query of screenQueries(db, subject)) {
    const runs = ("runs" in query ? query.runs : undefined) ?? RUNS;
    for (let index = 0; index < Math.min(WARMUP, runs); index += 1) await query.run();
    const samples: number[] = [];
    for (let index = 0; index < runs; index += 1) {
      const start = performance.now();
      await query.run();
      samples.push(performance.now() - start);
    }
    figures.push(median(samples));
  }
  return figures;
}

/**
 * Scan history at HISTORY_SMALL and HISTORY_LARGE rows on a real PostgreSQL server: each screen's
 * query (through the services' own code) at both sizes, against the query it replaced.
 */
export async function benchScanHistory(log: (line: string) => void): Promise<ScanHistoryResult> {
  const server = await startPostgresServer();
  // Memory for the bulk load's sorts and the roll-ups' (a server's setting, not the screens').
  const pool = new pg.Pool({
    connectionString: server.url,
    max: 2,
    options: "-c work_mem=64MB -c maintenance_work_mem=512MB",
  });
  try {
    // Migrated before the bench's sessions start, as the Worker's are: a migration's database
    // settings (no JIT) apply to the sessions started after it.
    const migrating = new pg.Pool({ connectionString: server.url, max: 1 });
    await migrate(drizzle({ client: migrating }), { migrationsFolder: MIGRATIONS_FOLDER }).finally(() =>
      migrating.end(),
    );
    // A throwaway server loading a two-year history: no crash safety needed, and checkpoints spaced
    // out. The screens' queries only read, so these settings do not touch what is measured.
    for (const setting of [
      "fsync = off",
      "full_page_writes = off",
      "synchronous_commit = off",
      "max_wal_size = '20GB'",
      "checkpoint_timeout = '30min'",
    ]) {
      await pool.query(`ALTER SYSTEM SET ${setting}`);
    }
    await pool.query("SELECT pg_reload_conf()");
    const { rows: version } = await pool.query<{ server_version: string }>("SHOW server_version");
    const subject = await seedCodes(pool);
    // The services take the Worker's HTTP database; this one runs the same statements over TCP.
    const db = drizzle({ client: pool, schema: tables, casing: "snake_case" }) as unknown as Database;
    const names = screenQueries(db, subject).map((query) => query.screen);

    log(`  ${formatInt(HISTORY_SMALL)} scans`);
    const small = await loadHistory(pool, subject, HISTORY_SMALL, log);
    const smallTimes = await timeQueries(db, subject);
    log(`  ${formatInt(HISTORY_LARGE)} scans`);
    const large = await loadHistory(pool, subject, HISTORY_LARGE, log);
    const largeTimes = await timeQueries(db, subject);

    // One more day ends: the hourly job rolls it up.
    await pool.query("UPDATE scan_rollup_watermark SET rolled_until = rolled_until - 1");
    const rollStart = performance.now();
    await pool.query("SELECT roll_up_scan_days((now() AT TIME ZONE 'UTC')::date)");
    const oneDayRollUpMs = performance.now() - rollStart;

    const queries = names.map((screen, index) => ({ screen, small: smallTimes[index]!, large: largeTimes[index]! }));
    for (const query of queries) {
      log(`    ${query.screen.padEnd(80)} ${query.small.toFixed(2)} ms → ${query.large.toFixed(2)} ms`);
    }
    return {
      serverVersion: version[0]!.server_version,
      small: { rows: small.rows, days: small.days, seedSeconds: small.seedSeconds, tableSize: small.tableSize },
      large,
      queries,
      oneDayRollUpMs,
    };
  } finally {
    await pool.end();
    await server.stop();
  }
}
