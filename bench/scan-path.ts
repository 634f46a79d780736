import autocannon from "autocannon";
import type pg from "pg";
import { gzipSync } from "node:zlib";
import { nextClientAddress, PHONE_USER_AGENT } from "./http";

/** Each measured run is bounded in time; the whole scan section takes about a minute. */
const RUN_SECONDS = 10;
const WARMUP_SECONDS = 3;
export const CONCURRENCY = [10, 50] as const;
/** The budget for the certificate page over the wire. */
export const CERTIFICATE_GZIP_BUDGET = 8 * 1024;

export interface LoadResult {
  target: string;
  path: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
}

export interface ScanPathResult {
  certificateBytes: number;
  certificateGzipBytes: number;
  certificateShowsVerified: boolean;
  runs: LoadResult[];
  /** Scan responses with status 200 during the section, and the rise of the code's count in the database. */
  answeredScans: number;
  /**
   * Requests still in flight when a timed run ends are answered (and counted) after autocannon
   * stops tallying: at most one per connection per run.
   */
  inFlightAtRunEnds: number;
  countedScans: number;
  scanEventsWritten: number;
}

const TARGETS = [
  { target: "Static asset (Vite)", path: "/favicon.svg" },
  // The landing page's sample certificate: the same Worker route, middleware and page renderer, no query.
  { target: "Sample certificate, no database", path: "/v/demo" },
] as const;

/**
 * One autocannon run from phones: every request a phone browser's, from its own client address,
 * each to the next of `paths` in turn. Timed (`seconds`) or a fixed number of requests (`amount`).
 */
export async function runLoad(
  origin: string,
  spec: {
    target: string;
    paths: string[];
    connections: number;
    seconds?: number;
    amount?: number;
    /** Requests per second across all connections; unset sends as fast as answers come. */
    overallRate?: number;
  },
): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: origin,
    connections: spec.connections,
    ...(spec.amount ? { amount: spec.amount } : { duration: spec.seconds }),
    ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
    pipelining: 1,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => {
          const path = spec.paths[next % spec.paths.length]!;
          next += 1;
          return {
            ...request,
            path,
            headers: { ...request.headers, "user-agent": PHONE_USER_AGENT, "cf-connecting-ip": nextClientAddress() },
          };
        },
      },
    ],
  });
  return {
    target: spec.target,
    path: spec.paths.length === 1 ? spec.paths[0]! : `${spec.paths.length} codes`,
    connections: spec.connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export const load = (origin: string, target: string, path: string, connections: number, seconds: number) =>
  runLoad(origin, { target, paths: [path], connections, seconds });

export async function codeCounts(pool: pg.Pool, codeId: number) {
  const { rows } = await pool.query<{ count: number; events: string }>(
    `SELECT (SELECT coalesce(sum(scans), 0) FROM code_scan_counts WHERE code_id = $1) AS count,
       (SELECT count(*) FROM scan_events WHERE qr_code_id = $1) AS events`,
    [codeId],
  );
  return { count: Number(rows[0]?.count), events: Number(rows[0]?.events) };
}

/**
 * GET /v/<token> of a real code against a static file and the database-free sample certificate of
 * the same dev server, at each concurrency, in one run. Every 200 of the scan path is a counted scan
 * (one UPDATE + one scan_events INSERT), which the database counts confirm afterwards.
 */
export async function benchScanPath(
  origin: string,
  pool: pg.Pool,
  code: { id: number; path: string },
  log: (line: string) => void,
): Promise<ScanPathResult> {
  const before = await codeCounts(pool, code.id);
  const page = await fetch(`${origin}${code.path}`, {
    headers: { "User-Agent": PHONE_USER_AGENT, "CF-Connecting-IP": nextClientAddress() },
  });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`GET ${code.path} answered ${page.status}`);
  let answeredScans = 1;
  let inFlightAtRunEnds = 10;

  log(`  warming up (${WARMUP_SECONDS} s each)`);
  for (const { target, path } of TARGETS) await load(origin, target, path, 10, WARMUP_SECONDS);
  answeredScans += (await load(origin, "scan", code.path, 10, WARMUP_SECONDS)).ok;

  const runs: LoadResult[] = [];
  for (const connections of CONCURRENCY) {
    for (const { target, path } of [...TARGETS, { target: "Scan path, counts the scan", path: code.path }]) {
      const run = await load(origin, target, path, connections, RUN_SECONDS);
      runs.push(run);
      if (path === code.path) {
        answeredScans += run.ok;
        inFlightAtRunEnds += connections;
      }
      log(
        `  ${target.padEnd(32)} c=${String(connections).padEnd(3)} ${run.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
          `  p50 ${run.p50} ms  p99 ${run.p99} ms  non-2xx ${run.non2xx}  errors ${run.errors}`,
      );
    }
  }
  const after = await codeCounts(pool, code.id);
  return {
    certificateBytes: Buffer.byteLength(html),
    certificateGzipBytes: gzipSync(html).length,
    certificateShowsVerified: html.includes("Verified Authentic"),
    runs,
    answeredScans,
    inFlightAtRunEnds,
    countedScans: after.count - before.count,
    scanEventsWritten: after.events - before.events,
  };
}
