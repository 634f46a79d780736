import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import * as tables from "../schema/tables";
import { statementPart } from "../worker/lib/statement-parts";
import { debitCtes } from "../worker/services/billing/credits";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type pg from "pg";
import type { Account } from "./accounts";
import { newCodeBody } from "./database-path";
import { expectJson, nextClientAddress } from "./http";
import { cpuMs, percentile } from "./measure";
import type { LogArchiving } from "./log-archive";
import { footprint, growthPer } from "./table-growth";

/**
 * Issuing many codes, one request each against one batch request, and exporting a scan log of
 * 10,000 against one of 100,000 rows, on a running server (the real PostgreSQL server of section 4).
 */

/** Codes per batch request: the most one batch takes (schema/validation/qr-codes.ts). */
export const BATCH_CODES = 500;
/** Codes issued one request each, for the baseline. */
export const SINGLE_CODES = 100;
export const EXPORT_ROWS = [10_000, 100_000] as const;
/**
 * Each size is exported twice: the first exports after workerd starts grow its heap once (V8 sizing
 * it for the stream's garbage), so the repeat shows whether memory grows with the rows.
 */
export const EXPORT_RUNS = ["first after start", "repeated"] as const;

export interface IssuingCost {
  /** Wall time per code (ms), one POST /api/qr-codes each, one after another. */
  singleMs: number;
  singleCpuMs: number;
  /** Wall time per code (ms) in one POST /api/qr-codes/batch of BATCH_CODES. */
  batchMs: number;
  batchCpuMs: number;
  /** What the codes left, per code: issued one each, and in the batch. */
  storage: { single: CodeStorage; batch: CodeStorage };
}

type Growth = Awaited<ReturnType<typeof growthPer>>;

/**
 * What codes leave: in the database as issued (their records in it, their first 30 days), and once
 * the hourly job has moved their records to R2 (decision 077): the database then, and the objects.
 */
export interface CodeStorage {
  issued: Growth;
  archived: Growth;
  r2BytesPerCode: number;
}

export interface ExportCost {
  run: (typeof EXPORT_RUNS)[number];
  rows: number;
  bytes: number;
  seconds: number;
  /** workerd's resident memory before the export and its peak during it (MiB). */
  rssBeforeMiB: number;
  rssPeakMiB: number;
}

/**
 * What `issue` leaves per code, from a log with every earlier record archived: the database's growth
 * as issued, then after every record is archived (and vacuumed, as autovacuum would), and R2's.
 */
async function storageOf(
  pool: pg.Pool,
  archiving: LogArchiving,
  codes: number,
  issue: () => Promise<void>,
): Promise<CodeStorage> {
  await archiving.archiveAll();
  await pool.query("CHECKPOINT");
  const before = await footprint(pool);
  const r2Before = await archiving.archivedBytes();
  await issue();
  await pool.query("CHECKPOINT");
  const issued = await growthPer(pool, before, await footprint(pool), codes);
  await archiving.archiveAll();
  await pool.query("CHECKPOINT");
  const archived = await growthPer(pool, before, await footprint(pool), codes);
  return { issued, archived, r2BytesPerCode: ((await archiving.archivedBytes()) - r2Before) / codes };
}

export async function benchIssuing(
  origin: string,
  pids: number[],
  account: Account,
  pool: pg.Pool,
  archiving: LogArchiving,
): Promise<IssuingCost> {
  const valuer = await expectJson<{ id: number }>(201, origin, "/api/valuers", {
    token: account.token,
    body: { name: "Grace Achieng", phone: "+254712000111", qualification: "MRICS" },
  });
  const single = () => expectJson(201, origin, "/api/qr-codes", { token: account.token, body: newCodeBody(valuer.id) });
  for (let warm = 0; warm < 5; warm += 1) await single();
  let singleMs = 0;
  let singleCpuMs = 0;
  const singleStorage = await storageOf(pool, archiving, SINGLE_CODES, async () => {
    const cpuBefore = cpuMs(pids);
    const started = performance.now();
    for (let index = 0; index < SINGLE_CODES; index += 1) await single();
    singleMs = (performance.now() - started) / SINGLE_CODES;
    singleCpuMs = (cpuMs(pids) - cpuBefore) / SINGLE_CODES;
  });

  const run = Date.now().toString(36);
  const batch = (size: number, label: string) =>
    expectJson<{ results: unknown[] }>(200, origin, "/api/qr-codes/batch", {
      token: account.token,
      body: {
        codes: Array.from({ length: size }, (_, index) => ({
          ...newCodeBody(valuer.id),
          externalReference: `BENCH-${run}-${label}-${index}`,
        })),
      },
    });
  await batch(5, "warm");
  let batchMs = 0;
  let batchCpuMs = 0;
  const batchStorage = await storageOf(pool, archiving, BATCH_CODES, async () => {
    const cpuBefore = cpuMs(pids);
    const started = performance.now();
    const { results } = await batch(BATCH_CODES, "timed");
    batchMs = (performance.now() - started) / BATCH_CODES;
    batchCpuMs = (cpuMs(pids) - cpuBefore) / BATCH_CODES;
    if (results.length !== BATCH_CODES) throw new Error(`the batch answered ${results.length} codes`);
  });
  return { singleMs, singleCpuMs, batchMs, batchCpuMs, storage: { single: singleStorage, batch: batchStorage } };
}

/** Another firm's requests timed per kind, idle and beside a batch, for their p90. */
export const BESIDE_BATCH_SAMPLES = 20;

export interface BesideBatchCost {
  /** Another firm's single issue and revocation, p90 in ms, with nothing else running. */
  idle: { issueP90Ms: number; revokeP90Ms: number; samples: number };
  /** The same while a firm's batches of BATCH_CODES run (decision 050: a batch holds no shared row). */
  besideBatch: { issueP90Ms: number; revokeP90Ms: number; samples: number; batches: number };
}

/**
 * What one firm's batch costs everyone else: another firm issues and revokes codes one at a time,
 * first with nothing else running, then while batches of BATCH_CODES are being issued by a third
 * firm; the p90 of each, beside against idle (the goal is at most 1.5×).
 */
export async function benchBesideBatch(origin: string, other: Account, batchFirm: Account): Promise<BesideBatchCost> {
  const valuerOf = (account: Account) =>
    expectJson<{ id: number }>(201, origin, "/api/valuers", {
      token: account.token,
      body: { name: "Grace Achieng", phone: "+254712000111", qualification: "MRICS" },
    });
  const [otherValuer, batchValuer] = await Promise.all([valuerOf(other), valuerOf(batchFirm)]);
  const timed = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  const issue = () =>
    expectJson<{ id: number }>(201, origin, "/api/qr-codes", { token: other.token, body: newCodeBody(otherValuer.id) });
  const revoke = async () => {
    const code = await issue();
    return timed(() =>
      expectJson(200, origin, `/api/qr-codes/${code.id}/revoke`, {
        token: other.token,
        body: { reason: "Valuation withdrawn: wrong plot" },
      }),
    );
  };
  const sample = async (until: () => boolean, issues: number[], revocations: number[]) => {
    while (!until()) {
      issues.push(await timed(issue));
      revocations.push(await revoke());
    }
  };
  for (let warm = 0; warm < 3; warm += 1) await revoke();

  const idleIssues: number[] = [];
  const idleRevocations: number[] = [];
  await sample(() => idleIssues.length >= BESIDE_BATCH_SAMPLES, idleIssues, idleRevocations);

  const run = Date.now().toString(36);
  const issues: number[] = [];
  const revocations: number[] = [];
  let batches = 0;
  // A firm's minute allows two full batches (BATCH_CODES_PER_MINUTE); the second runs only if the
  // first ended before enough requests beside it were timed.
  while (batches < 2 && issues.length < BESIDE_BATCH_SAMPLES) {
    let done = false;
    const batch = expectJson<{ results: unknown[] }>(200, origin, "/api/qr-codes/batch", {
      token: batchFirm.token,
      body: {
        codes: Array.from({ length: BATCH_CODES }, (_, index) => ({
          ...newCodeBody(batchValuer.id),
          externalReference: `BESIDE-${run}-${batches}-${index}`,
        })),
      },
    }).finally(() => (done = true));
    batches += 1;
    await sample(() => done, issues, revocations);
    await batch;
  }
  return {
    idle: {
      issueP90Ms: percentile(idleIssues, 0.9),
      revokeP90Ms: percentile(idleRevocations, 0.9),
      samples: idleIssues.length,
    },
    besideBatch: {
      issueP90Ms: percentile(issues, 0.9),
      revokeP90Ms: percentile(revocations, 0.9),
      samples: issues.length,
      batches,
    },
  };
}

/** Resident memory of the processes, in MiB (VmRSS from /proc/<pid>/status). */
function rssMiB(pids: number[]): number {
  let kib = 0;
  for (const pid of pids) {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    kib += Number(match?.[1] ?? 0);
  }
  return kib / 1024;
}

/**
 * Exports the scan log of a code with `rows` scans through GET /api/exports/scans.csv, reading the
 * stream as it comes and sampling workerd's memory every 10 ms: a streamed export's peak stays
 * near its start whatever the number of rows.
 */
export async function benchExport(
  origin: string,
  pids: number[],
  pool: pg.Pool,
  account: Account,
  code: { id: number; publicToken: string },
  rows: number,
  run: ExportCost["run"],
): Promise<ExportCost> {
  await pool.query("DELETE FROM scan_events WHERE qr_code_id = $1", [code.id]);
  await pool.query(
    `INSERT INTO scan_events (qr_code_id, company_id, scanned_at, country, city, device_class, kind, counted)
     SELECT $1, $2, now() - n * interval '1 second', 'KE', 'Nairobi', 'mobile', 'scan', true
     FROM generate_series(1, $3::int) AS n`,
    [code.id, account.companyId, rows],
  );
  const rssBeforeMiB = rssMiB(pids);
  let rssPeakMiB = rssBeforeMiB;
  const sampler = setInterval(() => (rssPeakMiB = Math.max(rssPeakMiB, rssMiB(pids))), 10);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(`${origin}/api/exports/scans.csv?code=${code.publicToken}`, {
      headers: { Authorization: `Bearer ${account.token}`, "CF-Connecting-IP": nextClientAddress() },
    });
    if (res.status !== 200 || !res.body) throw new Error(`scans.csv answered ${res.status}`);
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  // The header and one line per scan: the file holds every row.
  if (lines !== rows + 1) throw new Error(`scans.csv had ${lines} lines for ${rows} scans`);
  return { run, rows, bytes, seconds, rssBeforeMiB, rssPeakMiB };
}

/** What paying with credits adds to issuing: the debit's own statements, timed alone. */
export interface DebitCost {
  /** One code's debit (the two parts of the issuing statement), ms per code. */
  singleMs: number;
  /** A batch's debit of BATCH_CODES codes (the same two parts over that many codes), ms per code. */
  batchMs: number;
}

/** Debits timed per code (each batch of samples one transaction, rolled back: no ledger rows stay). */
const DEBIT_SAMPLES = 200;

/**
 * The billing parts of issuing, run on their own against the same database and firm, so the run
 * shows what billing costs next to the whole issue it belongs to (IssuingCost): a single issue's
 * debit is the issuing statement's `debited` and `debit_entry` parts over a stand-in code; a
 * batch's is the same parts over BATCH_CODES stand-in codes. Rolled back, so the firm's balance
 * and ledger are as they were.
 */
export async function benchDebit(pool: pg.Pool, companyId: number): Promise<DebitCost> {
  const client = await pool.connect();
  const db = drizzle({ client, schema: tables, casing: "snake_case" });
  const code = statementPart("bench_code", ["id"]);
  try {
    await client.query("BEGIN");
    let started = performance.now();
    for (let index = 1; index <= DEBIT_SAMPLES; index += 1) {
      await db.execute(
        sql`WITH ${code.define(sql`SELECT ${-index}::int AS id`)}, ${debitCtes(companyId, code, 1)} SELECT 1`,
      );
    }
    const singleMs = (performance.now() - started) / DEBIT_SAMPLES;
    await client.query("ROLLBACK");
    await client.query("BEGIN");
    started = performance.now();
    await db.execute(
      sql`WITH ${code.define(sql`SELECT -generate_series(1, ${BATCH_CODES})::int AS id`)},
        ${debitCtes(companyId, code, BATCH_CODES)} SELECT 1`,
    );
    const batchMs = (performance.now() - started) / BATCH_CODES;
    return { singleMs, batchMs };
  } finally {
    await client.query("ROLLBACK");
    client.release();
  }
}
