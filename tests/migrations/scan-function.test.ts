import { PGlite } from "@electric-sql/pglite";
import { expect, it } from "vitest";
import { LOG_SCANS_FUNCTION_BODY } from "#worker/services/scans/log-scans-function.ts";
import { applyMigrations } from "./migration-files";
import { insertCompanyWithCode } from "./seed";

it("installs the scan function exactly as the Worker's code defines it (else: npm run db:scan-function)", async () => {
  const db = new PGlite();
  await applyMigrations(db);
  const { rows } = await db.query<{ body: string }>("SELECT prosrc AS body FROM pg_proc WHERE proname = 'log_scans'");
  expect(rows).toHaveLength(1);
  expect(rows[0]!.body).toBe(LOG_SCANS_FUNCTION_BODY);
  await db.close();
});

it("keeps the previous one-scan function for the previous release's Workers, logging the scan as the new one does", async () => {
  const db = new PGlite();
  await applyMigrations(db);
  // Only the previous release's signature is kept; the one before it is gone.
  const signatures = await db.query<{ arguments: number }>(
    "SELECT pronargs AS arguments FROM pg_proc WHERE proname = 'log_scan'",
  );
  expect(signatures.rows).toEqual([{ arguments: 10 }]);
  const previous = await db.query(
    "SELECT log_scan(false, 'unknown', 'unknown', 'visitor', 'scan', 'KE', 'Nairobi', 'mobile', NULL, 10)",
  );
  const visits = [
    { arrival: 1, visitor_hash: "visitor", kind: "scan", country: "KE", city: "Nairobi", device_class: "mobile" },
  ];
  const current = await db.query("SELECT log_scans(false, 'unknown', 'unknown', $1::json, 10)", [
    JSON.stringify(visits),
  ]);
  // An address that names no code: no certificate from either, and both calls logged it as an orphan scan.
  expect(previous.rows).toEqual([]);
  expect(current.rows).toEqual([]);
  const { rows } = await db.query<{ logged: number }>(
    "SELECT count(*)::int AS logged FROM scan_events WHERE qr_code_id IS NULL AND country = 'KE' AND attempted_token = 'unknown'",
  );
  expect(rows[0]!.logged).toBe(2);
  // A real code: the previous function answers its certificate as it did, counting the scan.
  await insertCompanyWithCode(db, "wrappedtoken");
  const scanOfCode = () =>
    db.query<{ certificate: { public_token: string; counted: boolean; verification_count: number } }>(
      "SELECT log_scan(false, 'wrappedtoken', 'wrappedtoken', 'visitor', 'scan', 'KE', 'Nairobi', 'mobile', NULL, 10) AS certificate",
    );
  const [first] = (await scanOfCode()).rows;
  expect(first!.certificate).toMatchObject({ public_token: "wrappedtoken", counted: true, verification_count: 0 });
  const [repeat] = (await scanOfCode()).rows;
  expect(repeat!.certificate).toMatchObject({ counted: false, verification_count: 1 });
  await db.close();
});

it("counts a batch of scans of one code as if they had run one after the other", async () => {
  const db = new PGlite();
  await applyMigrations(db);
  await insertCompanyWithCode(db, "batchtoken");
  const visit = (visitor: string, kind = "scan") => ({
    visitor_hash: visitor,
    kind,
    country: "KE",
    device_class: "mobile",
  });
  const batch = [visit("ann"), visit("ann"), visit("ben", "preview"), visit("cat"), visit("dan")];
  const logScans = (visits: object[]) =>
    db.query<{ certificate: { verification_count: number; counted: boolean } }>(
      "SELECT log_scans(false, 'batchtoken', 'batchtoken', $1::json, 10) AS certificate",
      [JSON.stringify(visits.map((entry, index) => ({ arrival: index + 1, ...entry })))],
    );
  const answers = (await logScans(batch)).rows.map(({ certificate }) => certificate);
  // One answer per scan in order: Ann's second scan is a repeat, Ben's preview never counts; each
  // answer's count is the code's total before that scan.
  expect(answers.map(({ counted, verification_count }) => ({ counted, verification_count }))).toEqual([
    { counted: true, verification_count: 0 },
    { counted: false, verification_count: 1 },
    { counted: false, verification_count: 1 },
    { counted: true, verification_count: 1 },
    { counted: true, verification_count: 2 },
  ]);
  const totals = await db.query<{ scans: number; visitors: number; logged: number; counted: number }>(
    `SELECT (SELECT sum(scans)::int FROM code_scan_counts) AS scans, (SELECT sum(visitors)::int FROM code_scan_counts) AS visitors,
       (SELECT count(*)::int FROM scan_events) AS logged, (SELECT count(*)::int FROM scan_events WHERE counted) AS counted`,
  );
  expect(totals.rows).toEqual([{ scans: 3, visitors: 3, logged: 5, counted: 3 }]);
  // The next batch starts from that total; Ann is still within the repeat window, Eve is new.
  const next = (await logScans([visit("ann"), visit("eve")])).rows.map(({ certificate }) => certificate);
  expect(next.map(({ counted, verification_count }) => ({ counted, verification_count }))).toEqual([
    { counted: false, verification_count: 3 },
    { counted: true, verification_count: 3 },
  ]);
  await db.close();
});

it("adds a code's scans to one shard per object: its token's and its typed code's (decision 073)", async () => {
  const db = new PGlite();
  await applyMigrations(db);
  await insertCompanyWithCode(db, "shardtoken");
  const [code] = (await db.query<{ verification_code: string }>("SELECT verification_code FROM qr_codes")).rows;
  const scan = (byVerificationCode: boolean, key: string, visitor: string) =>
    db.query("SELECT log_scans($1, $2, $2, $3::json, 10)", [
      byVerificationCode,
      key,
      JSON.stringify([{ arrival: 1, visitor_hash: visitor, kind: "scan", country: "KE", device_class: "mobile" }]),
    ]);
  // Twenty lone scans by the token and five by the typed code, each a new visitor: a young code's
  // every scan used to add a row of its own (a shard picked at random of 16).
  for (let index = 0; index < 20; index += 1) await scan(false, "shardtoken", `token-visitor-${index}`);
  for (let index = 0; index < 5; index += 1) await scan(true, code!.verification_code, `typed-visitor-${index}`);
  const { rows } = await db.query("SELECT shard, scans, visitors FROM code_scan_counts ORDER BY shard");
  expect(rows).toEqual([
    { shard: 0, scans: 20, visitors: 20 },
    { shard: 1, scans: 5, visitors: 5 },
  ]);
  await db.close();
});
