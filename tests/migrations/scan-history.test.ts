import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { expect, it } from "vitest";
import type { Database } from "#worker/db.ts";
import { countedScansToday } from "#worker/services/companies/analytics.ts";
import { maintainScanHistory } from "#worker/services/scans/scan-history.ts";
import { applyMigrations, MIGRATION_FILES, migrationsAround } from "./migration-files";
import { insertCompanyWithCode } from "./seed";

const DAY_MS = 24 * 60 * 60 * 1000;
const RETENTION = { months: 24, orphanDays: 90 };

/** A company with one code, scanned at the given times (ISO), each by the visitor named beside it. */
async function seedCodeWithScans(db: PGlite, scans: [at: string, visitor: string][], orphans: string[] = []) {
  await insertCompanyWithCode(db, "T000000000000001");
  for (const [at, visitor] of scans) {
    await db.query(
      `INSERT INTO scan_events (qr_code_id, company_id, scanned_at, visitor_hash, kind, counted)
       SELECT id, company_id, $1::timestamptz, $2, 'scan', true FROM qr_codes`,
      [at, visitor],
    );
  }
  for (const at of orphans) {
    await db.query(
      `INSERT INTO scan_events (scanned_at, attempted_token, kind, counted) VALUES ($1::timestamptz, 'guess', 'scan', false)`,
      [at],
    );
  }
}

/** The code's visitors as the scan path records them: each with the month of their latest scan (UTC). */
async function recordVisitors(db: PGlite, scans: [at: string, visitor: string][]) {
  for (const [at, visitor] of scans) {
    await db.query(
      `INSERT INTO code_visitors (code_id, visitor_hash, last_seen_month)
       SELECT id, $2, date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC')::date FROM qr_codes
       ON CONFLICT (code_id, visitor_hash) DO UPDATE SET last_seen_month = greatest(code_visitors.last_seen_month, EXCLUDED.last_seen_month)`,
      [at, visitor],
    );
  }
}

const visitorsKept = async (db: PGlite) =>
  (
    await db.query<{ visitor_hash: string; month: string }>(
      `SELECT visitor_hash, last_seen_month::text AS month FROM code_visitors ORDER BY last_seen_month, visitor_hash`,
    )
  ).rows;

const partitionNames = async (db: PGlite) =>
  (
    await db.query<{ name: string }>(
      `SELECT child.relname AS name FROM pg_inherits link JOIN pg_class child ON child.oid = link.inhrelid
       WHERE link.inhparent = 'scan_events'::regclass ORDER BY 1`,
    )
  ).rows.map((row) => row.name);

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const monthName = (at: Date) => `scan_events_${at.toISOString().slice(0, 7).replace("-", "_")}`;
const addMonths = (at: Date, months: number) => {
  const moved = new Date(at);
  moved.setUTCDate(1);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  return moved;
};

it("moves counts to the code's shards, partitions the history by month and rolls up every finished day", async () => {
  const db = new PGlite();
  const until0021 = MIGRATION_FILES.findIndex((file) => file.startsWith("0021_"));
  await applyMigrations(db, MIGRATION_FILES.slice(0, until0021));
  const now = Date.now();
  const twoMonthsAgo = new Date(now - 62 * DAY_MS).toISOString();
  const yesterday = new Date(now - DAY_MS).toISOString();
  await seedCodeWithScans(
    db,
    [
      [twoMonthsAgo, "visitor-a"],
      [yesterday, "visitor-a"],
      [yesterday, "visitor-b"],
    ],
    [yesterday],
  );
  await db.exec(`UPDATE qr_codes SET verification_count = 3;`);
  await applyMigrations(db, MIGRATION_FILES.slice(until0021));

  const totals = await db.query(
    `SELECT sum(scans)::int AS scans, sum(visitors)::int AS visitors FROM code_scan_counts`,
  );
  expect(totals.rows).toEqual([{ scans: 3, visitors: 2 }]);
  const company = await db.query(`SELECT sum(count)::int AS count FROM company_scan_counts`);
  expect(company.rows).toEqual([{ count: 3 }]);

  // Every row moved, into its month; the months ahead exist and the default partition is empty.
  expect((await db.query(`SELECT count(*)::int AS n FROM scan_events`)).rows).toEqual([{ n: 4 }]);
  const partitions = await partitionNames(db);
  for (const at of [new Date(twoMonthsAgo), new Date(yesterday), new Date(now), addMonths(new Date(now), 2)]) {
    expect(partitions).toContain(monthName(at));
  }
  expect((await db.query(`SELECT count(*)::int AS n FROM scan_events_default`)).rows).toEqual([{ n: 0 }]);

  // Finished days are rolled up (orphans are not a code's); today is left to the raw rows.
  const days = await db.query(`SELECT day::text, counted, visits, visitors FROM code_scan_days ORDER BY day`);
  expect(days.rows).toEqual([
    { day: twoMonthsAgo.slice(0, 10), counted: 1, visits: 1, visitors: 1 },
    { day: yesterday.slice(0, 10), counted: 2, visits: 2, visitors: 2 },
  ]);
  const mark = await db.query(`SELECT rolled_until::text AS day FROM scan_rollup_watermark`);
  expect(mark.rows).toEqual([{ day: new Date(now).toISOString().slice(0, 10) }]);

  // Each visitor of the code is known, with their latest scan's month, so neither counts as new again.
  expect(await visitorsKept(db)).toEqual([
    { visitor_hash: "visitor-a", month: `${yesterday.slice(0, 7)}-01` },
    { visitor_hash: "visitor-b", month: `${yesterday.slice(0, 7)}-01` },
  ]);
  await db.close();
});

it("the hourly job makes the months ahead, rolls up, drops history past its retention and old orphan scans", async () => {
  const db = new PGlite();
  await applyMigrations(db);
  const today = new Date();
  const yesterday = new Date(today.getTime() - DAY_MS);
  // A scan far ahead of any partition lands in the default partition rather than being refused.
  const later = addMonths(today, 6);
  const laterScan = new Date(later.getTime() + 3 * DAY_MS).toISOString();
  const old = addMonths(today, -30);
  // The months of the history below exist, as the hourly job would have made them over the years.
  await db.query(`SELECT ensure_scan_event_partitions($1::date, 1)`, [old.toISOString().slice(0, 10)]);
  await db.query(`SELECT ensure_scan_event_partitions($1::date, 22)`, [
    addMonths(today, -21).toISOString().slice(0, 10),
  ]);
  const scans: [string, string][] = [
    [new Date(old.getTime() + 2 * DAY_MS).toISOString(), "visitor-old"],
    [new Date(today.getTime() - 20 * 31 * DAY_MS).toISOString(), "visitor-kept"],
    [yesterday.toISOString(), "visitor-yesterday"],
    [today.toISOString(), "visitor-today"],
    [laterScan, "visitor-later"],
  ];
  await seedCodeWithScans(db, scans, [
    new Date(today.getTime() - 100 * DAY_MS).toISOString(),
    new Date(today.getTime() - 10 * DAY_MS).toISOString(),
  ]);
  // And two visitors at the retention's edge: last seen in the cutoff's month (kept), and the month before (forgotten).
  await recordVisitors(db, [
    ...scans,
    [addMonths(today, -24).toISOString(), "visitor-cutoff-month"],
    [addMonths(today, -25).toISOString(), "visitor-month-before"],
  ]);
  expect((await db.query(`SELECT count(*)::int AS n FROM scan_events_default`)).rows).toEqual([{ n: 1 }]);

  // The job as the cron runs it (the Worker's statements, through drizzle on this database), after
  // three days without a run: the days since the watermark are rolled up, up to yesterday.
  await db.query(`UPDATE scan_rollup_watermark SET rolled_until = $1::date`, [utcDay(today.getTime() - 3 * DAY_MS)]);
  const worker = drizzle({ client: db }) as unknown as Database;
  const first = await maintainScanHistory(worker, today, RETENTION);
  expect(first).toMatchObject({ partitionsDropped: 1, orphansDeleted: 1, visitorsForgotten: 2 });
  const partitions = await partitionNames(db);
  expect(partitions).not.toContain(monthName(old));
  expect(partitions).toContain(monthName(addMonths(today, 2)));
  const visitors = await db.query(
    `SELECT visitor_hash FROM scan_events WHERE qr_code_id IS NOT NULL ORDER BY scanned_at`,
  );
  expect(visitors.rows.map((row) => (row as { visitor_hash: string }).visitor_hash)).toEqual([
    "visitor-kept",
    "visitor-yesterday",
    "visitor-today",
    "visitor-later",
  ]);
  // The visitors whose latest month went are forgotten with it; the others are kept.
  expect((await visitorsKept(db)).map((row) => row.visitor_hash).sort()).toEqual([
    "visitor-cutoff-month",
    "visitor-kept",
    "visitor-later",
    "visitor-today",
    "visitor-yesterday",
  ]);
  const orphans = await db.query(`SELECT count(*)::int AS n FROM scan_events WHERE qr_code_id IS NULL`);
  expect(orphans.rows).toEqual([{ n: 1 }]);
  const rolled = await db.query(`SELECT day::text, counted FROM code_scan_days ORDER BY day`);
  expect(rolled.rows).toEqual([{ day: utcDay(yesterday.getTime()), counted: 1 }]);
  expect((await db.query(`SELECT rolled_until::text AS day FROM scan_rollup_watermark`)).rows).toEqual([
    { day: utcDay(today.getTime()) },
  ]);

  // A run whose clock is years ahead deletes nothing recent and rolls up no day still under way.
  expect(await maintainScanHistory(worker, addMonths(today, 40), RETENTION)).toMatchObject({ visitorsForgotten: 0 });
  expect(await partitionNames(db)).toContain(monthName(today));
  expect((await db.query(`SELECT rolled_until::text AS day FROM scan_rollup_watermark`)).rows).toEqual([
    { day: utcDay(today.getTime()) },
  ]);
  expect((await db.query(`SELECT count(*)::int AS n FROM scan_events WHERE qr_code_id IS NULL`)).rows).toEqual([
    { n: 1 },
  ]);

  // A run in the month of the stray scan makes its month, and the row moves out of the default.
  await maintainScanHistory(worker, later, RETENTION);
  expect(await partitionNames(db)).toContain(monthName(later));
  expect((await db.query(`SELECT count(*)::int AS n FROM scan_events_default`)).rows).toEqual([{ n: 0 }]);
  expect((await db.query(`SELECT count(*)::int AS n FROM ${monthName(later)}`)).rows).toEqual([{ n: 1 }]);
  await db.close();
});

/** A batch of visits of the seeded code through the scan function, with no repeat window. */
const logBatch = (db: PGlite, visits: { visitor: string; kind?: string }[]) =>
  db.query("SELECT log_scans(false, 'T000000000000001', 'T000000000000001', $1::json, 0)", [
    JSON.stringify(
      visits.map(({ visitor, kind = "scan" }, index) => ({
        arrival: index + 1,
        visitor_hash: visitor,
        kind,
        country: "KE",
        city: "Nairobi",
        device_class: "mobile",
      })),
    ),
  ]);

const todayRow = async (db: PGlite) =>
  (
    await db.query<{ counted: number; visits: number; visitors: number }>(
      `SELECT counted, visits, visitors FROM code_scan_days WHERE day = (now() AT TIME ZONE 'UTC')::date`,
    )
  ).rows;

const platformToday = async (db: PGlite) =>
  (
    await db.query<{ counted: number }>(
      `SELECT sum(counted)::int AS counted FROM scan_day_totals WHERE day = (now() AT TIME ZONE 'UTC')::date`,
    )
  ).rows[0]!.counted;

it("adds each batch of scans to the code's day and the platform's as it is counted", async () => {
  const db = new PGlite();
  await applyMigrations(db);
  await insertCompanyWithCode(db, "T000000000000001");
  expect(await todayRow(db)).toEqual([]);

  // Two people (one of them twice: a repeat within the batch) and a link preview.
  await logBatch(db, [{ visitor: "a" }, { visitor: "a" }, { visitor: "b" }, { visitor: "p", kind: "preview" }]);
  expect(await todayRow(db)).toEqual([{ counted: 2, visits: 4, visitors: 2 }]);
  expect(await platformToday(db)).toBe(2);

  // A counts again (no repeat window here) but is not a new scanner of the day; C, last counted
  // yesterday, is.
  await db.query(
    `INSERT INTO code_visitors (code_id, visitor_hash, last_seen_month, last_counted_at)
     SELECT id, 'c', date_trunc('month', now())::date, date_trunc('day', now(), 'UTC') - interval '1 minute' FROM qr_codes`,
  );
  await logBatch(db, [{ visitor: "a" }]);
  await logBatch(db, [{ visitor: "c" }]);
  expect(await todayRow(db)).toEqual([{ counted: 4, visits: 6, visitors: 3 }]);
  expect(await platformToday(db)).toBe(4);

  // The administrator's "scans today" (loadPlatformStats' verificationsToday): the counted scans
  // only, not an orphan's, not yesterday's.
  await db.query("SELECT log_scans(false, 'unknown', 'unknown', $1::json, 0)", [
    JSON.stringify([
      { arrival: 1, visitor_hash: "o", kind: "scan", country: "KE", city: "Nairobi", device_class: "mobile" },
    ]),
  ]);
  await db.query(
    `INSERT INTO scan_day_totals (day, shard, counted) VALUES ((now() AT TIME ZONE 'UTC')::date - 1, 0, 5)`,
  );
  const worker = drizzle({ client: db }) as unknown as Database;
  expect(await countedScansToday(worker)).toBe(4);

  // The raw log agrees with the running counts: what the roll-up of the day would have said.
  const raw = await db.query(
    `SELECT count(*) FILTER (WHERE counted)::int AS counted, count(*)::int AS visits,
       count(DISTINCT visitor_hash) FILTER (WHERE counted)::int AS visitors FROM scan_events
     WHERE qr_code_id IS NOT NULL`,
  );
  expect(raw.rows).toEqual([{ counted: 4, visits: 6, visitors: 3 }]);
  await db.close();
});

it("closes a day of running counts without reading it; a day before they began is rolled up from the raw log", async () => {
  const db = new PGlite();
  await applyMigrations(db);
  await insertCompanyWithCode(db, "T000000000000001");
  const today = new Date();
  const yesterday = utcDay(today.getTime() - DAY_MS);
  const twoDaysAgo = utcDay(today.getTime() - 2 * DAY_MS);
  // Two raw scans of each of the last two days, which no running count saw.
  for (const day of [twoDaysAgo, yesterday]) {
    for (const visitor of ["x", "y"]) {
      await db.query(
        `INSERT INTO scan_events (qr_code_id, company_id, scanned_at, visitor_hash, kind, counted)
         SELECT id, company_id, $1::date + interval '12 hours', $2, 'scan', true FROM qr_codes`,
        [day, visitor],
      );
    }
  }
  // Running counts began yesterday: the day before is rolled up from the raw log, yesterday is not.
  await db.query(`UPDATE scan_rollup_watermark SET rolled_until = $1::date, running_from = $2::date`, [
    twoDaysAgo,
    yesterday,
  ]);
  const worker = drizzle({ client: db }) as unknown as Database;
  expect(await maintainScanHistory(worker, today, RETENTION)).toMatchObject({ codeDaysRolledUp: 1 });
  const days = await db.query(`SELECT day::text, counted, visitors FROM code_scan_days ORDER BY day`);
  expect(days.rows).toEqual([{ day: twoDaysAgo, counted: 2, visitors: 2 }]);
  const totals = await db.query(`SELECT day::text, sum(counted)::int AS counted FROM scan_day_totals GROUP BY day`);
  expect(totals.rows).toEqual([{ day: twoDaysAgo, counted: 2 }]);
  expect((await db.query(`SELECT rolled_until::text AS day FROM scan_rollup_watermark`)).rows).toEqual([
    { day: utcDay(today.getTime()) },
  ]);
  await db.close();
});

it("adds the release day's raw scans when it begins the running counts, and rolls that day up again as it closes", async () => {
  const db = new PGlite();
  const { before, it: release } = migrationsAround("0055_");
  await applyMigrations(db, before);
  await insertCompanyWithCode(db, "T000000000000001");
  // Today's scans so far, logged the old way: two people and a link preview.
  for (const [visitor, kind, counted] of [
    ["a", "scan", true],
    ["b", "scan", true],
    ["p", "preview", false],
  ] as const) {
    await db.query(
      `INSERT INTO scan_events (qr_code_id, company_id, visitor_hash, kind, counted)
       SELECT id, company_id, $1, $2, $3 FROM qr_codes`,
      [visitor, kind, counted],
    );
  }
  await applyMigrations(db, release);
  expect(await todayRow(db)).toEqual([{ counted: 2, visits: 3, visitors: 2 }]);
  expect(await platformToday(db)).toBe(2);
  // The running counts go on from there.
  await logBatch(db, [{ visitor: "c" }]);
  expect(await todayRow(db)).toEqual([{ counted: 3, visits: 4, visitors: 3 }]);
  expect(await platformToday(db)).toBe(3);
  // Today and tomorrow are rolled up from the raw log as they close; the day after is the first of
  // running counts alone.
  const mark = await db.query(
    `SELECT running_from - (now() AT TIME ZONE 'UTC')::date AS days FROM scan_rollup_watermark`,
  );
  expect(mark.rows).toEqual([{ days: 2 }]);
  await db.close();
});
