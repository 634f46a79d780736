import { PGlite } from "@electric-sql/pglite";
import { expect, it } from "vitest";
import { applyMigrations, MIGRATION_FILES, migrationsAround } from "./migration-files";
import { insertCompanyWithCode } from "./seed";

const TOKEN = "T000000000000027";

/** A code, a log of counted and repeat scans minutes ago, and its visitors as the scan path recorded them. */
async function seed(db: PGlite, scans: [minutesAgo: number, visitor: string, counted: boolean][]) {
  await insertCompanyWithCode(db, TOKEN);
  for (const [minutesAgo, visitor, counted] of scans) {
    await db.query(
      `INSERT INTO scan_events (qr_code_id, company_id, scanned_at, visitor_hash, kind, counted)
       SELECT id, company_id, now() - make_interval(mins => $1), $2, 'scan', $3 FROM qr_codes`,
      [minutesAgo, visitor, counted],
    );
    await db.query(
      `INSERT INTO code_visitors (code_id, visitor_hash, last_seen_month)
       SELECT id, $1, date_trunc('month', now() AT TIME ZONE 'UTC')::date FROM qr_codes ON CONFLICT DO NOTHING`,
      [visitor],
    );
  }
}

it("gives the visitors of the last ten minutes their last counted scan, so a scan across the migration stays a repeat", async () => {
  const db = new PGlite();
  const { before, it: migration } = migrationsAround("0027_");
  await applyMigrations(db, before);
  await seed(db, [
    [20, "recent", true],
    [3, "recent", true],
    [30, "earlier", true],
    [15, "repeating", true],
    [2, "repeating", false],
  ]);
  await applyMigrations(db, migration);

  const { rows } = await db.query<{ visitor_hash: string; minutes_ago: number | null }>(
    `SELECT visitor_hash, round(extract(epoch from now() - last_counted_at) / 60)::int AS minutes_ago
     FROM code_visitors ORDER BY visitor_hash`,
  );
  // Only a counted scan within the window counts: "repeating"'s scan 2 minutes ago was itself a repeat.
  expect(rows).toEqual([
    { visitor_hash: "earlier", minutes_ago: null },
    { visitor_hash: "recent", minutes_ago: 3 },
    { visitor_hash: "repeating", minutes_ago: null },
  ]);

  // With the scan function of the migrations after it: "recent" is still within the window, the others are not.
  await applyMigrations(db, MIGRATION_FILES.slice(MIGRATION_FILES.indexOf(migration[0]!) + 1));
  for (const visitor of ["recent", "earlier", "repeating"]) {
    await db.query(`SELECT log_scans(false, '${TOKEN}', '${TOKEN}', $1::json, 10)`, [
      JSON.stringify([{ arrival: 1, visitor_hash: visitor, kind: "scan", device_class: "mobile" }]),
    ]);
  }
  const latest = await db.query<{ visitor_hash: string; counted: boolean }>(
    `SELECT DISTINCT ON (visitor_hash) visitor_hash, counted FROM scan_events ORDER BY visitor_hash, scanned_at DESC`,
  );
  expect(latest.rows).toEqual([
    { visitor_hash: "earlier", counted: true },
    { visitor_hash: "recent", counted: false },
    { visitor_hash: "repeating", counted: true },
  ]);
  await db.close();
});
