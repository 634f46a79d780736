import { PGlite } from "@electric-sql/pglite";
import { expect, it } from "vitest";
import { LOG_SCAN_FUNCTION_BODY } from "../../worker/lib/certificate-sql";
import { applyMigrations } from "./migration-files";

it("installs the scan function exactly as the Worker's code defines it (else: npm run db:scan-function)", async () => {
  const db = new PGlite();
  await applyMigrations(db);
  // The signature the Worker calls (10 parameters); the previous one (11) runs it for a release.
  const { rows } = await db.query<{ body: string }>(
    "SELECT prosrc AS body FROM pg_proc WHERE proname = 'log_scan' AND pronargs = 10",
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.body).toBe(LOG_SCAN_FUNCTION_BODY);
  await db.close();
});

it("keeps the previous signature for the previous release's Workers, logging the scan as the new one does", async () => {
  const db = new PGlite();
  await applyMigrations(db);
  const scan = (extra: string) =>
    db.query(
      `SELECT log_scan(false, 'unknown', 'unknown', 'visitor', 'scan', 'KE', 'Nairobi', 'mobile', NULL, 10${extra})`,
    );
  const previous = await scan(", now()");
  const current = await scan("");
  expect(previous.rows).toEqual(current.rows);
  // An address that names no code: both calls logged it as an orphan scan.
  const { rows } = await db.query<{ logged: number }>(
    "SELECT count(*)::int AS logged FROM scan_events WHERE qr_code_id IS NULL AND country = 'KE'",
  );
  expect(rows[0]!.logged).toBe(2);
  await db.close();
});
