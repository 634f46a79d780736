import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { performance } from "node:perf_hooks";
import type pg from "pg";
import { RECENT_VALUATION } from "../tests/shared/dates";
import { registerCompany, type Account, type IssuedCode } from "./accounts";
import { expectJson, nextClientAddress, PHONE_USER_AGENT, requestJson } from "./http";
import { startBuiltServer, type BuiltServer } from "./built-server";
import { cpuMs, median, percentile, procStat, treesCpuMs } from "./measure";
import { codeCounts, load, runLoad, type LoadResult } from "./scan-path";

/** Added by the dev bridge in each direction (VALUSEAL_DB_LATENCY_MS): a 100 ms round trip. */
export const SIMULATED_LATENCY_MS = 50;
export const SIMULATED_ROUND_TRIP_MS = 2 * SIMULATED_LATENCY_MS;
const ROUTE_SAMPLES = 15;
const ROUTE_WARMUP = 3;
/** Real-server figures: the load is 50 connections, the CPU figure a fixed number of requests. */
export const REAL_SERVER_CONNECTIONS = 50;
export const CPU_REQUESTS = 2000;
export const BURST_SCANS = 500;
export const NEIGHBOUR_BURST_SCANS = 1000;
/**
 * The other companies' steady scans: started at this rate on a fixed schedule, whether or not the
 * earlier ones have been answered (so a slow answer delays no later scan and hides nothing).
 */
export const NEIGHBOUR_SCANS_PER_SECOND = 25;
const NEIGHBOUR_IDLE_MS = 5000;
/** Rounds of idle, one-code burst and spread burst; the report pools each phase's scans over them. */
export const NEIGHBOUR_ROUNDS = 10;
export const HOT_COMPANY_CODES = 50;
const LOAD_SECONDS = 10;
const WARMUP_SECONDS = 3;

export interface RouteTiming {
  route: string;
  method: string;
  path: string;
  /** Median over ROUTE_SAMPLES sequential requests, in ms. */
  p50: number;
}

/** The code the probes create copies of (create code) and scan. */
export interface Subject {
  account: Account;
  code: IssuedCode;
}

/** The same body as the create screen sends; every request makes a new code. */
export const newCodeBody = (valuerId: number) => ({
  propertyType: "Real Estate",
  propertyAddress: "Plot 14, Riverside Drive, Westlands, Nairobi",
  propertyReference: "LR No. 209/12345/7",
  marketValue: "45000000",
  currency: "KES",
  valuationDate: RECENT_VALUATION.dayMonthYear,
  valuerId,
});

/**
 * The routes a phone and a dashboard use most, each requested one at a time (no queueing, so a
 * request's time is its own round trips plus the Worker's work). On a server whose database link
 * adds SIMULATED_ROUND_TRIP_MS per round trip, the difference from the same route on a server
 * without it, divided by that round trip, is the route's number of round trips to the database.
 */
export async function timeRoutes(origin: string, { account, code }: Subject): Promise<RouteTiming[]> {
  const scanPath = new URL(code.address).pathname;
  const typedPath = `/verify?code=${encodeURIComponent(code.verificationCode)}`;
  const probes = [
    { route: "Scan (certificate, counts the scan)", method: "GET", path: scanPath },
    { route: "Signed-in user", method: "GET", path: "/api/auth/user" },
    { route: "Dashboard stats", method: "GET", path: "/api/analytics/stats" },
    { route: "History page 1", method: "GET", path: "/api/qr-codes?page=1&pageSize=20" },
    { route: "History filtered by status (expired)", method: "GET", path: "/api/qr-codes?page=1&status=expired" },
    {
      route: "Typed verification code (certificate, counts the scan)",
      method: "GET",
      path: typedPath,
    },
    { route: "Create code", method: "POST", path: "/api/qr-codes" },
  ];
  // Pages a phone opens (each from a new address, so the typed-code budget is never reached).
  const pagePaths = new Set([scanPath, typedPath]);
  const timings: RouteTiming[] = [];
  for (const probe of probes) {
    const once = async () => {
      const start = performance.now();
      if (pagePaths.has(probe.path)) {
        const res = await fetch(`${origin}${probe.path}`, {
          headers: { "User-Agent": PHONE_USER_AGENT, "CF-Connecting-IP": nextClientAddress() },
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET ${probe.path} answered ${res.status}`);
      } else {
        const body = probe.method === "POST" ? newCodeBody(code.valuerId) : undefined;
        // The create screen sends a fresh Idempotency-Key with every code, so the probe does too.
        const headers = probe.method === "POST" ? { "Idempotency-Key": crypto.randomUUID() } : undefined;
        const res = await requestJson(origin, probe.path, {
          method: probe.method,
          body,
          token: account.token,
          headers,
        });
        if (res.status !== (probe.method === "POST" ? 201 : 200)) {
          throw new Error(`${probe.method} ${probe.path} answered ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
      return performance.now() - start;
    };
    for (let i = 0; i < ROUTE_WARMUP; i += 1) await once();
    const samples: number[] = [];
    for (let i = 0; i < ROUTE_SAMPLES; i += 1) samples.push(await once());
    timings.push({ route: probe.route, method: probe.method, path: probe.path, p50: median(samples) });
  }
  return timings;
}

/** The route name of a batch's timing, as the report's goals name it. */
export const BATCH_ROUTE = "Batch of 500 codes";
const BATCH_SIZE = 500;
const BATCH_SAMPLES = 3;

/**
 * A batch of 500 codes as a firm's system sends one (`POST /api/qr-codes/batch`), the median of
 * BATCH_SAMPLES after one small warm-up batch, each by a firm of its own (a firm may issue 1,000
 * codes a minute in batches). Like a route's, its extra time on the slow link divided by the
 * round trip is its number of round trips to the database.
 */
export async function timeBatch(origin: string, pool: pg.Pool): Promise<RouteTiming> {
  const samples: number[] = [];
  for (let sample = 0; sample < BATCH_SAMPLES; sample += 1) {
    const firm = await registerCompany(origin, pool, `batch-trips-${sample}`, `Bench Batch Trips ${sample} Ltd`);
    const valuer = await expectJson<{ id: number }>(201, origin, "/api/valuers", {
      token: firm.token,
      body: { name: "Grace Achieng", phone: "+254712000111", qualification: "MRICS" },
    });
    const batch = async (size: number, label: string) => {
      const start = performance.now();
      const { results } = await expectJson<{ results: unknown[] }>(200, origin, "/api/qr-codes/batch", {
        token: firm.token,
        body: {
          codes: Array.from({ length: size }, (_, index) => ({
            ...newCodeBody(valuer.id),
            externalReference: `TRIPS-${sample}-${label}-${index}`,
          })),
        },
      });
      if (results.length !== size) throw new Error(`the batch answered ${results.length} codes`);
      return performance.now() - start;
    };
    await batch(5, "warm");
    samples.push(await batch(BATCH_SIZE, "timed"));
  }
  return { route: BATCH_ROUTE, method: "POST", path: "/api/qr-codes/batch", p50: median(samples) };
}

/** The workerd processes of the dev server's process group (Vite starts them). */
export function workerdProcesses(processGroup: number): number[] {
  const listing = execFileSync("ps", ["-eo", "pid=,pgid=,comm="]).toString();
  const pids = listing
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, pgid, command]) => Number(pgid) === processGroup && command?.includes("workerd"))
    .map(([pid]) => Number(pid));
  if (pids.length === 0) throw new Error(`no workerd process in process group ${processGroup}`);
  return pids;
}

export interface CpuResult {
  path: string;
  requests: number;
  ok: number;
  msPerRequest: number;
}

/** workerd's own CPU time over a fixed number of requests, divided by that number. */
async function workerCpuPerRequest(origin: string, processGroup: number, path: string): Promise<CpuResult> {
  const pids = workerdProcesses(processGroup);
  const before = cpuMs(pids);
  const result = await runLoad(origin, {
    target: "CPU",
    paths: [path],
    connections: REAL_SERVER_CONNECTIONS,
    amount: CPU_REQUESTS,
  });
  return { path, requests: CPU_REQUESTS, ok: result.ok, msPerRequest: (cpuMs(pids) - before) / CPU_REQUESTS };
}

export interface BurstResult {
  scans: number;
  ok: number;
  failed: number;
  statuses: Record<string, number>;
  countRise: number;
  eventsWritten: number;
  peakServerConnections: number;
  maxConnections: number;
  seconds: number;
}

/**
 * BURST_SCANS scans of one code sent at once, each from its own address, while the server's client
 * connections are sampled: every scan must answer 200 and be counted exactly once.
 */
async function scanBurst(origin: string, pool: pg.Pool, code: IssuedCode): Promise<BurstResult> {
  const path = new URL(code.address).pathname;
  const before = await codeCounts(pool, code.id);
  const { rows } = await pool.query<{ max_connections: string }>("SHOW max_connections");
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows: active } = await pool.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE backend_type = 'client backend'",
      );
      peak = Math.max(peak, Number(active[0]?.n));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const start = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: BURST_SCANS }, async () => {
      try {
        const res = await fetch(`${origin}${path}`, {
          headers: { "User-Agent": PHONE_USER_AGENT, "CF-Connecting-IP": nextClientAddress() },
        });
        await res.arrayBuffer();
        return String(res.status);
      } catch (error) {
        return `network error (${(error as Error).message})`;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  sampling = false;
  await sampler;
  const after = await codeCounts(pool, code.id);
  const tally: Record<string, number> = {};
  for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
  const ok = tally["200"] ?? 0;
  return {
    scans: BURST_SCANS,
    ok,
    failed: BURST_SCANS - ok,
    statuses: tally,
    countRise: after.count - before.count,
    eventsWritten: after.events - before.events,
    peakServerConnections: peak,
    maxConnections: Number(rows[0]?.max_connections),
    seconds,
  };
}

/**
 * Codes inserted straight into the database for the spread test: HOT_COMPANY_CODES for one company,
 * and one each for HOT_COMPANY_CODES other companies (with an owner and a valuer each). Returns the
 * scan paths of both sets.
 */
async function seedSpreadCodes(pool: pg.Pool, hotCompanyId: number) {
  const { rows: others } = await pool.query<{ id: number }>(
    `WITH owners AS (
       INSERT INTO users (email, password, first_name, last_name)
       SELECT format('spread-owner-%s@bench.invalid', g), 'seeded-account-never-signs-in', 'Spread', format('Owner %s', g)
       FROM generate_series(1, $1::int) g
       RETURNING id, email
     )
     INSERT INTO companies (name, email, owner_id)
     SELECT format('Spread Valuers %s Ltd', id), format('spread-company-%s@bench.invalid', id), id FROM owners
     RETURNING id`,
    [HOT_COMPANY_CODES],
  );
  const otherIds = others.map((row) => row.id);
  await pool.query(
    `INSERT INTO valuers (company_id, name, phone, qualification)
     SELECT id, 'Spread Valuer', '+254700000002', 'MRICS' FROM unnest($1::int[]) AS c(id)`,
    [otherIds],
  );
  const insertCodes = async (companyIds: number[], perCompany: number) => {
    const { rows } = await pool.query<{ public_token: string }>(
      `INSERT INTO qr_codes (public_token, user_id, company_id, valuation_date, market_value, currency, valuer_id,
         issuer_name, issuer_email, property_address, property_type, qr_code_data, valid_until)
       SELECT token, c.owner_id, c.id, now(), 45000000, 'KES',
         (SELECT min(v.id) FROM valuers v WHERE v.company_id = c.id), c.name, c.email,
         'Plot 14, Riverside Drive, Westlands, Nairobi', 'Real Estate', 'https://verify.valuseal.com/v/' || token,
         now() + interval '90 days'
       FROM companies c CROSS JOIN generate_series(1, $2::int) g
       CROSS JOIN LATERAL (SELECT substr(md5(random()::text || c.id || '-' || g), 1, 16) AS token) t
       WHERE c.id = ANY($1::int[])
       RETURNING public_token`,
      [companyIds, perCompany],
    );
    return rows.map((row) => `/v/${row.public_token}`);
  };
  return {
    oneCompany: await insertCodes([hotCompanyId], HOT_COMPANY_CODES),
    manyCompanies: await insertCodes(otherIds, 1),
  };
}

export interface NeighbourRun {
  /** Which round of the three phases (1-based): a round runs idle, the one-code burst and the spread burst in turn. */
  round: number;
  phase: string;
  /** Other companies' scans answered while the phase ran, and their latency (ms). */
  requests: number;
  p50: number;
  p90: number;
  /** Each of those scans' latency (ms), so the rounds' samples of a phase can be pooled. */
  latencies: number[];
  /** Most server backends seen waiting for a lock at once (sampled every 10 ms). */
  peakLockWaits: number;
  /**
   * The burst's own scans: answered 200, how long they took and the sending process's CPU (ms) from
   * the moment it was told to send; null for the idle run.
   */
  burst: { ok: number; statuses: Record<string, number>; seconds: number; cpuMs: number } | null;
  /** CPU used while the phase ran, in cores (CPU ms per ms), by each side (NEIGHBOUR_CPU_SIDES). */
  cpu: Record<NeighbourCpuSide, number>;
}

/**
 * Where the machine's CPU goes while the neighbours are timed: the database server (postmaster and
 * backends), the process sending the burst, the neighbours' workerd, and the bench itself (the
 * probes, the lock sampler, the neighbours' database bridge, the idle main server).
 */
export const NEIGHBOUR_CPU_SIDES = ["database", "burst", "neighbours", "bench"] as const;
export type NeighbourCpuSide = (typeof NEIGHBOUR_CPU_SIDES)[number];

/** The process trees measured: the database's postmaster (a backend's parent), the neighbours' workerd, the bench. */
async function neighbourCpuTrees(pool: pg.Pool, neighbours: number) {
  const { rows } = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const postmaster = Number(procStat(rows[0]!.pid)[1]);
  return { database: postmaster, neighbours, bench: process.pid };
}

const scanOnce = async (origin: string, path: string) => {
  const res = await fetch(`${origin}${path}`, {
    headers: { "User-Agent": PHONE_USER_AGENT, "CF-Connecting-IP": nextClientAddress() },
  });
  await res.arrayBuffer();
  return res.status;
};

/**
 * Other companies' scans at NEIGHBOUR_SCANS_PER_SECOND (a steady trickle, not a load), timed while
 * `during` runs: idle, or a burst of NEIGHBOUR_BURST_SCANS sent at once. Only the scans started
 * while `during` ran are counted. Lock waits are sampled meanwhile.
 */
async function neighboursDuring(
  origin: string,
  pool: pg.Pool,
  cpuTrees: Record<Exclude<NeighbourCpuSide, "burst">, number>,
  round: number,
  phase: string,
  otherPaths: string[],
  during: () => Promise<NeighbourRun["burst"]>,
): Promise<NeighbourRun> {
  let running = true;
  const samples: { startedAt: number; ms: number }[] = [];
  const scans: Promise<void>[] = [];
  const schedule = (async () => {
    const begin = performance.now();
    for (let n = 0; running; n += 1) {
      const wait = begin + (n * 1000) / NEIGHBOUR_SCANS_PER_SECOND - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (!running) break;
      const path = otherPaths[n % otherPaths.length]!;
      scans.push(
        (async () => {
          const startedAt = performance.now();
          const status = await scanOnce(origin, path);
          if (status !== 200) throw new Error(`GET ${path} answered ${status} during "${phase}"`);
          samples.push({ startedAt, ms: performance.now() - startedAt });
        })(),
      );
    }
  })();
  let peakLockWaits = 0;
  const sampler = (async () => {
    while (running) {
      const { rows } = await pool.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'",
      );
      peakLockWaits = Math.max(peakLockWaits, Number(rows[0]?.n));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  // The trickle settles before the phase begins.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const cpuBefore = treesCpuMs(cpuTrees);
  const phaseStart = performance.now();
  const burst = await during();
  const cpuAfter = treesCpuMs(cpuTrees);
  const phaseEnd = performance.now();
  const phaseMs = phaseEnd - phaseStart;
  running = false;
  await Promise.all([schedule, sampler]);
  await Promise.all(scans);
  const latencies = samples
    .filter(({ startedAt }) => startedAt >= phaseStart && startedAt < phaseEnd)
    .map(({ ms }) => ms);
  // The burst's sender ran as the bench's child: its CPU moves from the bench's side to the burst's.
  const sender = burst?.cpuMs ?? 0;
  const used = (side: keyof typeof cpuTrees) => cpuAfter[side]! - cpuBefore[side]!;
  const cpu = {
    database: used("database") / phaseMs,
    burst: sender / phaseMs,
    neighbours: used("neighbours") / phaseMs,
    bench: (used("bench") - sender) / phaseMs,
  };
  return {
    round,
    phase,
    requests: latencies.length,
    p50: percentile(latencies, 0.5),
    p90: percentile(latencies, 0.9),
    latencies,
    peakLockWaits,
    burst,
    cpu,
  };
}

/** Visitors the bursts scan as: each burst's own range, none used by another scan of the run. */
let burstVisitors = 0;

/** The pooler's server connections the burst's scans share (the local bridge's, as Neon's pooler has its own). */
export const BURST_CONNECTIONS = 20;

/**
 * NEIGHBOUR_BURST_SCANS scans of `tokens` in turn, sent at once straight to the database by a
 * process at the lowest CPU priority (bench/burst.ts, which says why). The process is started and
 * connected here; `send` tells it to send the burst and answers its outcome, so the phase that
 * times the neighbours holds the burst and not Node's start-up.
 */
async function readyBurst(databaseUrl: string, tokens: string[]) {
  const first = burstVisitors;
  burstVisitors += NEIGHBOUR_BURST_SCANS;
  const sender = spawn(
    "nice",
    [
      "-n",
      "19",
      process.execPath,
      "--import",
      "tsx",
      "bench/burst.ts",
      databaseUrl,
      String(BURST_CONNECTIONS),
      String(NEIGHBOUR_BURST_SCANS),
      String(first),
      ...tokens,
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: sender.stdout });
  const exited = once(sender, "exit");
  const [ready] = (await once(lines, "line")) as [string];
  if (ready !== "ready") throw new Error(`bench/burst.ts said "${ready}" instead of "ready"`);
  return {
    async send(): Promise<NonNullable<NeighbourRun["burst"]>> {
      const outcome = once(lines, "line");
      sender.stdin.end("go\n");
      const [line] = (await outcome) as [string];
      const [code] = (await exited) as [number | null];
      if (code !== 0) throw new Error(`bench/burst.ts exited with ${code}`);
      return JSON.parse(line) as NonNullable<NeighbourRun["burst"]>;
    },
  };
}

/**
 * Steady scans of other companies' codes, idle and then beside a burst of one code, and beside a
 * burst of the same size spread over many codes of one company: the last one carries the same
 * load without a shared hot row, so the difference between the two bursts is what one hot code
 * costs its neighbours, and the difference from idle is what the load itself costs on this machine.
 * NEIGHBOUR_ROUNDS rounds of the three in turn, so one noisy moment on this shared machine does not
 * decide the comparison, and a drift over the minutes touches every phase alike.
 */
async function neighbourRuns(
  neighbours: BuiltServer,
  databaseUrl: string,
  pool: pg.Pool,
  hotPath: string,
  spreadPaths: string[],
  others: string[],
) {
  const cpuTrees = await neighbourCpuTrees(pool, neighbours.workerd);
  // The Worker compiles and opens its first connections before anything is timed.
  for (const path of others) {
    const status = await scanOnce(neighbours.origin, path);
    if (status !== 200) throw new Error(`GET ${path} answered ${status} while warming up`);
  }
  const tokenOf = (path: string) => path.split("/").pop()!;
  const runs: NeighbourRun[] = [];
  for (let round = 1; round <= NEIGHBOUR_ROUNDS; round += 1) {
    const phase = (name: string, during: () => Promise<NeighbourRun["burst"]>) =>
      neighboursDuring(neighbours.origin, pool, cpuTrees, round, name, others, during);
    runs.push(
      await phase("Idle", async () => {
        await new Promise((resolve) => setTimeout(resolve, NEIGHBOUR_IDLE_MS));
        return null;
      }),
    );
    const oneCode = await readyBurst(databaseUrl, [tokenOf(hotPath)]);
    runs.push(await phase(`A burst of ${NEIGHBOUR_BURST_SCANS} scans of one code`, oneCode.send));
    const spread = await readyBurst(databaseUrl, spreadPaths.map(tokenOf));
    runs.push(
      await phase(
        `A burst of ${NEIGHBOUR_BURST_SCANS} scans over ${spreadPaths.length} codes of one company`,
        spread.send,
      ),
    );
  }
  return runs;
}

/** Load over several codes, each request scanning the next one from its own address. */
const loadOver = (origin: string, target: string, paths: string[], seconds: number) =>
  runLoad(origin, { target, paths, connections: REAL_SERVER_CONNECTIONS, seconds });

export interface RealServerResult {
  authentication: string;
  serverVersion: string;
  throughput: LoadResult[];
  cpu: CpuResult[];
  burst: BurstResult;
  spread: LoadResult[];
  /** Scans the database counted during the spread runs, against the 200s autocannon tallied. */
  spreadCounted: number;
  spreadAnswered: number;
  neighbours: NeighbourRun[];
}

/**
 * The scan path on a real PostgreSQL server (its own scram-sha-256 authentication, max_connections
 * 100): throughput and workerd CPU against /v/demo, a burst of BURST_SCANS at once, and one busy
 * company against the same load spread over many.
 */
export async function benchRealServer(
  origin: string,
  processGroup: number,
  pool: pg.Pool,
  code: IssuedCode,
  hotCompanyId: number,
  /** The database the dev server at `origin` uses. */
  databaseUrl: string,
  log: (line: string) => void,
): Promise<RealServerResult> {
  const scanPath = new URL(code.address).pathname;
  const { rows: auth } = await pool.query<{ method: string }>(
    "SELECT auth_method AS method FROM pg_hba_file_rules WHERE type = 'host' LIMIT 1",
  );
  const { rows: version } = await pool.query<{ server_version: string }>("SHOW server_version");

  log("  warming up");
  await load(origin, "demo", "/v/demo", REAL_SERVER_CONNECTIONS, WARMUP_SECONDS);
  await load(origin, "scan", scanPath, REAL_SERVER_CONNECTIONS, WARMUP_SECONDS);
  const throughput: LoadResult[] = [];
  for (const [target, path] of [
    ["Sample certificate, no database", "/v/demo"],
    ["Scan path, counts the scan", scanPath],
  ] as const) {
    const run = await load(origin, target, path, REAL_SERVER_CONNECTIONS, LOAD_SECONDS);
    throughput.push(run);
    log(
      `  ${target.padEnd(32)} ${run.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  non-2xx ${run.non2xx}  errors ${run.errors}`,
    );
  }

  const cpu: CpuResult[] = [];
  for (const path of ["/v/demo", scanPath]) {
    const result = await workerCpuPerRequest(origin, processGroup, path);
    cpu.push(result);
    log(
      `  workerd CPU ${path}: ${result.msPerRequest.toFixed(2)} ms per request over ${result.requests} (${result.ok} answered 200)`,
    );
  }

  const burst = await scanBurst(origin, pool, code);
  log(
    `  burst of ${burst.scans}: ${burst.ok} answered 200, count +${burst.countRise}, ${burst.eventsWritten} scan events, ` +
      `peak ${burst.peakServerConnections} of ${burst.maxConnections} server connections, ${burst.seconds.toFixed(1)} s`,
  );

  const paths = await seedSpreadCodes(pool, hotCompanyId);
  const allPaths = [...paths.oneCompany, ...paths.manyCompanies];
  const countedSoFar = async () => {
    const { rows } = await pool.query<{ total: string }>(
      `SELECT coalesce(sum(tally.scans), 0) AS total FROM code_scan_counts tally
       JOIN qr_codes code ON code.id = tally.code_id WHERE code.qr_code_data = ANY($1::text[])`,
      [allPaths.map((path) => `https://verify.valuseal.com${path}`)],
    );
    return Number(rows[0]?.total);
  };
  await loadOver(origin, "warm-up", allPaths, WARMUP_SECONDS);
  // Counted by the database once the in-flight requests of a run have landed.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));
  await settle();
  const countedBefore = await countedSoFar();
  const spread: LoadResult[] = [];
  for (const [target, set] of [
    [`${HOT_COMPANY_CODES} codes of one company`, paths.oneCompany],
    [`${HOT_COMPANY_CODES} codes of ${HOT_COMPANY_CODES} companies`, paths.manyCompanies],
  ] as const) {
    const run = await loadOver(origin, target, set, LOAD_SECONDS);
    spread.push(run);
    log(
      `  ${target.padEnd(32)} ${run.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  non-2xx ${run.non2xx}  errors ${run.errors}`,
    );
  }
  await settle();
  const spreadCounted = (await countedSoFar()) - countedBefore;

  // The other companies' scans go to the production build (as deployed) on the same database; the
  // burst goes straight to the database (bench/burst.ts says why).
  const neighbourServer = await startBuiltServer(databaseUrl);
  const neighbours = await neighbourRuns(
    neighbourServer,
    databaseUrl,
    pool,
    scanPath,
    paths.oneCompany,
    paths.manyCompanies,
  ).finally(() => neighbourServer.stop());
  for (const run of neighbours) {
    log(
      `  neighbours, round ${run.round}, ${run.phase}: ${run.requests} scans, p50 ${run.p50.toFixed(0)} ms, p90 ${run.p90.toFixed(0)} ms, ` +
        `peak lock waits ${run.peakLockWaits}` +
        (run.burst ? `; burst ${JSON.stringify(run.burst.statuses)} in ${run.burst.seconds.toFixed(1)} s` : ""),
    );
  }
  return {
    authentication: auth[0]?.method ?? "unknown",
    serverVersion: version[0]?.server_version ?? "unknown",
    throughput,
    cpu,
    burst,
    spread,
    spreadCounted,
    spreadAnswered: spread.reduce((sum, run) => sum + run.ok, 0),
    neighbours,
  };
}
