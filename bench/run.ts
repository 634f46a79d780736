import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { createAdmin, issueCode, registerCompany } from "./accounts";
import { buildProbes, measureProbes, type Subjects } from "./api-scaling";
import { startDevServer, type DevServer } from "./dev-server";
import { describeMachine } from "./machine";
import { formatInt, formatMs } from "./measure";
import { benchQrGeneration } from "./qr-generation";
import { renderReport, type Dataset, type ScaleResult } from "./report";
import { benchScanHistory } from "./scan-history";
import { benchDatabase } from "./route-queries";
import { benchScanPath } from "./scan-path";
import { benchSealing } from "./sealing";
import { benchSigning, workerCpuPerIssue } from "./signing";
import {
  benchRealServer,
  SIMULATED_LATENCY_MS,
  timeBatch,
  timeRoutes,
  workerdProcesses,
  type RouteTiming,
} from "./database-path";
import type { DevServerOptions } from "./dev-server";
import { startLogArchiving } from "./log-archive";
import { startPostgresServer } from "../scripts/lib/postgres-server";
import { bulkSeedCodes, qrCodeIndexes, seedCompanies, seedCodes } from "./seed";
import { benchSignIn } from "./sign-in";
import { benchPasswordStrength } from "./password-strength";
import { benchDigests } from "./digests";
import { benchWorkerStartup } from "./worker-startup";
import { benchCrowd } from "./crowd";
import { benchSlowNetwork } from "./slow-network";
import { benchTodaysCounts } from "./todays-counts";
import { benchMpesa, p95Seconds } from "./mpesa";
import {
  BATCH_CODES,
  benchExport,
  benchBesideBatch,
  benchDebit,
  benchIssuing,
  EXPORT_ROWS,
  EXPORT_RUNS,
  type ExportCost,
} from "./issuing-and-exports";

/**
 * `npm run bench`: QR generation, the scan path under `npm run dev`, the three list/stat routes at
 * 10k and 1M codes, the database path (round trips on a slow link; a real PostgreSQL server),
 * sealing and checking a 40-page report in headless Chromium, what signing adds to issuing, and
 * issuing by batch and exporting scan logs, the daily digests in pages, the Worker's upload and
 * startup, a crowd on one code over a slow link, the app on Slow 3G, and today's screens at 9 a.m.
 * and 9 p.m.; prints every figure and writes bench/RESULTS.md.
 */
const RESULTS_FILE = new URL("./RESULTS.md", import.meta.url);
const COMPANIES = 1000;
const SMALL = 10_000;
const LARGE = 1_000_000;

const log = (line: string) => console.log(line);
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

let server: DevServer | undefined;
async function stopServer() {
  const running = server;
  server = undefined;
  await running?.stop();
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void stopServer().finally(() => process.exit(130));
  });
}

async function describeDataset(pool: pg.Pool, subjects: Subjects, seedSeconds: number): Promise<Dataset> {
  const { rows } = await pool.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM qr_codes) AS codes, (SELECT count(*) FROM companies) AS companies,
       (SELECT count(*) FROM qr_codes WHERE company_id = $1) AS hot,
       (SELECT count(*) FROM qr_codes WHERE company_id = $2) AS typical,
       pg_size_pretty(pg_total_relation_size('qr_codes')) AS size`,
    [subjects.hot.companyId, subjects.typical.companyId],
  );
  const row = rows[0]!;
  return {
    codes: Number(row.codes),
    companies: Number(row.companies),
    hotCompanyCodes: Number(row.hot),
    typicalCompanyCodes: Number(row.typical),
    tableSize: row.size!,
    seedSeconds,
  };
}

function logTimings(timings: RouteTiming[]) {
  for (const timing of timings) log(`  ${timing.route.padEnd(36)} p50 ${formatMs(timing.p50)} ms`);
}

/** A dev server of its own for one part of the benchmark, with a pool on its database; stopped after. */
async function withServer<T>(
  options: DevServerOptions,
  work: (origin: string, pool: pg.Pool, processGroup: number, databaseUrl: string) => Promise<T>,
): Promise<T> {
  server = await startDevServer(options);
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  try {
    return await work(server.origin, pool, server.processGroup, server.databaseUrl);
  } finally {
    await pool.end();
    await stopServer();
  }
}

/** Section 4: the same routes on a slow database link, then the scan path on a real PostgreSQL server. */
async function benchDatabasePath(direct: RouteTiming[]) {
  log(`\n4b. Route times with ${SIMULATED_LATENCY_MS} ms added each way on the database link (${elapsed()})`);
  const delayed = await withServer(
    { env: { VALUSEAL_DB_LATENCY_MS: String(SIMULATED_LATENCY_MS) } },
    async (origin, pool) => {
      const account = await registerCompany(origin, pool, "latency", "Bench Latency Valuers Ltd");
      return [
        ...(await timeRoutes(origin, { account, code: await issueCode(origin, account) })),
        await timeBatch(origin, pool),
      ];
    },
  );
  logTimings(delayed);

  log(`\n4c. The scan path on a real PostgreSQL server (${elapsed()})`);
  const postgres = await startPostgresServer();
  try {
    const { real, ...measured } = await withServer(
      { databaseUrl: postgres.url },
      async (origin, pool, processGroup, databaseUrl) => {
        const account = await registerCompany(origin, pool, "real", "Bench Real Server Valuers Ltd");
        const code = await issueCode(origin, account);
        const real = await benchRealServer(origin, processGroup, pool, code, account.companyId, databaseUrl, log);
        const pids = workerdProcesses(processGroup);
        const issueMs = await workerCpuPerIssue(origin, pids, account);
        log(`  workerd CPU per code issued (POST /api/qr-codes, signed): ${formatMs(issueMs)} ms`);

        log(`\n7. Issuing many codes, exporting scan logs, signing in (${elapsed()})`);
        const batchAccount = await registerCompany(origin, pool, "batch", "Bench Batch Valuers Ltd");
        const archiving = await startLogArchiving(databaseUrl, pool);
        const issuing = await benchIssuing(origin, pids, batchAccount, pool, archiving).finally(() =>
          archiving.close(),
        );
        log(
          `  per code: one request each ${formatMs(issuing.singleMs)} ms (${formatMs(issuing.singleCpuMs)} ms CPU), ` +
            `in a batch of ${BATCH_CODES} ${formatMs(issuing.batchMs)} ms (${formatMs(issuing.batchCpuMs)} ms CPU)`,
        );
        const mib = (bytesPerCode: number) => ((bytesPerCode * 1000) / 2 ** 20).toFixed(2);
        for (const [way, storage] of Object.entries(issuing.storage)) {
          log(
            `  per 1,000 codes (${way}): ${mib(storage.issued.bytesPerUnit)} MiB in tables as issued, ` +
              `${mib(storage.archived.bytesPerUnit)} MiB once archived (+ ${mib(storage.r2BytesPerCode)} MiB in R2), ` +
              `${mib(storage.archived.walBytesPerUnit)} MiB of WAL`,
          );
        }
        const debit = await benchDebit(pool, batchAccount.companyId);
        log(
          `  the credit debit alone per code: one code ${formatMs(debit.singleMs)} ms, ` +
            `in a batch of ${BATCH_CODES} ${formatMs(debit.batchMs)} ms`,
        );
        const besideBatch = await benchBesideBatch(
          origin,
          await registerCompany(origin, pool, "beside", "Bench Beside Valuers Ltd"),
          await registerCompany(origin, pool, "batch2", "Bench Second Batch Valuers Ltd"),
        );
        log(
          `  another firm's p90 idle → beside a batch: issue ${formatMs(besideBatch.idle.issueP90Ms)} → ` +
            `${formatMs(besideBatch.besideBatch.issueP90Ms)} ms, revoke ${formatMs(besideBatch.idle.revokeP90Ms)} → ` +
            `${formatMs(besideBatch.besideBatch.revokeP90Ms)} ms`,
        );
        const exports: ExportCost[] = [];
        for (const run of EXPORT_RUNS) {
          for (const rows of EXPORT_ROWS) {
            const exported = await benchExport(origin, pids, pool, account, code, rows, run);
            log(
              `  ${formatInt(rows)} scans (${run}): ${formatInt(exported.bytes)} B in ${exported.seconds.toFixed(1)} s, ` +
                `workerd memory ${exported.rssBeforeMiB.toFixed(0)} → peak ${exported.rssPeakMiB.toFixed(0)} MiB`,
            );
            exports.push(exported);
          }
        }
        const signIn = await benchSignIn(databaseUrl, pool);
        log(
          `  workerd CPU per sign-in: ${formatMs(signIn.signInMs)} ms (a hash at the earlier cost: ` +
            `${formatMs(signIn.earlierSignInMs)} ms; a signed-in request without one: ${formatMs(signIn.baselineMs)} ms)`,
        );
        const mpesa = await benchMpesa(databaseUrl, pool);
        log(
          `  M-Pesa, PIN entered → credited: p95 ${p95Seconds(mpesa.callbackMs).toFixed(1)} s with the callback, ` +
            `${p95Seconds(mpesa.queryPathMs).toFixed(1)} s by the status queries alone`,
        );
        const crowd = await benchCrowd(databaseUrl, pool);
        for (const run of crowd) {
          log(
            `  crowd of ${run.scans} on a ${run.linkMs} ms link: last answer ${formatMs(run.lastAnswerMs)} ms, ` +
              `p90 ${formatMs(run.p90Ms)} ms, ${run.answered} answered, ${run.refused} refused`,
          );
        }
        const slowNetwork = await benchSlowNetwork(databaseUrl, pool);
        for (const screen of slowNetwork) {
          log(
            `  ${screen.screen} readable: ${formatMs(screen.fastMs)} ms here, on Slow 3G ${formatMs(screen.slowMs)} ms ` +
              `over HTTP/1.1 and ${formatMs(screen.slowHttp2Ms)} ms over HTTP/2, first drawn at ` +
              `${formatMs(screen.drawnHttp2Ms)} ms ` +
              `(${screen.scripts} scripts in ${screen.scriptWaves} waves, /api/auth/user asked ${screen.sessionRequests}×)`,
          );
        }
        const strength = await benchPasswordStrength();
        log(
          `  password-strength estimate, CPU: ${strength.map((cost) => `${cost.input} ${formatMs(cost.cpuMs)} ms`).join("; ")}`,
        );
        return {
          real,
          issueMs,
          issuing: { ...issuing, debit },
          besideBatch,
          exports,
          signIn,
          mpesa,
          strength,
          crowd,
          slowNetwork,
        };
      },
    );
    return { database: { direct, delayed, real }, ...measured };
  } finally {
    await postgres.stop();
  }
}

async function main() {
  const machine = describeMachine();
  log(`ValuSeal benchmark — ${machine.date}`);
  log(`${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB.toFixed(1)} GiB, Node ${machine.node}`);
  log(`Load average at start: ${machine.loadAverage}\n`);

  log("1. QR generation (SVG and PNG paths, ours and the seed design's)");
  const qr = benchQrGeneration();
  for (const path of qr) {
    log(
      `  ${path.label}: ${path.address.length} chars, version ${path.version} (${path.modules} modules), ` +
        `SVG ${formatInt(path.svgBytes)} B, SVG ${formatMs(path.svgMsPerCode)} ms/code (${formatInt(path.svgCodesPerSecond)}/s), ` +
        `PNG ${path.pngPixels} px ${formatInt(path.pngBytes)} B, ${formatMs(path.pngMsPerCode)} ms/code ` +
        `(${formatInt(path.pngCodesPerSecond)}/s), decodes: ${path.decodes}`,
    );
  }

  log(`\nStarting npm run dev with a throwaway database… (${elapsed()})`);
  server = await startDevServer();
  const { origin } = server;
  log(`  ready at ${origin} (${elapsed()})`);
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
  try {
    log("\n2. Scan path");
    const hot = await registerCompany(origin, pool, "hot", "Bench Hot Valuers Ltd");
    const code = await issueCode(origin, hot);
    const scan = await benchScanPath(origin, pool, { id: code.id, path: new URL(code.address).pathname }, log);
    log(
      `  certificate ${formatInt(scan.certificateBytes)} B, ${formatInt(scan.certificateGzipBytes)} B gzipped; ` +
        `answered ${scan.answeredScans}, counted ${scan.countedScans}, scan events ${scan.scanEventsWritten}`,
    );

    log(`\n4a. Route times, database link as is (${elapsed()})`);
    const direct = [...(await timeRoutes(origin, { account: hot, code })), await timeBatch(origin, pool)];
    logTimings(direct);

    log(`\n5. Sealing and checking a report in headless Chromium (${elapsed()})`);
    const sealing = await benchSealing(origin);
    log(
      `  ${sealing.pages} pages, ${formatInt(sealing.fileBytes)} B: sealed in ${formatMs(sealing.sealMs)} ms, ` +
        `checked in ${formatMs(sealing.checkMs)} ms; fingerprints agree: ${sealing.fingerprintsAgree}`,
    );

    log(`\n3. API query scaling (${elapsed()})`);
    const subjects: Subjects = {
      hot,
      typical: await registerCompany(origin, pool, "typical", "Bench Typical Valuers Ltd"),
      admin: await createAdmin(origin, pool),
    };
    const db = benchDatabase(pool);
    const probes = buildProbes(db, subjects);
    const existing = await describeDataset(pool, subjects, 0);
    // The registered companies (hot, typical, the admin's) count towards the 1,000.
    const poolIds = await seedCompanies(
      pool,
      COMPANIES - existing.companies,
      [subjects.typical.companyId],
      hot.companyId,
    );
    let seedStart = performance.now();
    await seedCodes(pool, 1, SMALL - existing.codes, hot.companyId, poolIds);
    const small: ScaleResult = {
      dataset: await describeDataset(pool, subjects, (performance.now() - seedStart) / 1000),
      probes: [],
    };
    log(`  seeded ${formatInt(small.dataset.codes)} codes over ${small.dataset.companies} companies (${elapsed()})`);
    small.probes = await measureProbes(origin, pool, probes, log);

    const indexesBefore = await qrCodeIndexes(pool);
    log(`  growing to ${formatInt(LARGE)} codes (${elapsed()})`);
    seedStart = performance.now();
    const indexesAfter = await bulkSeedCodes(
      pool,
      SMALL - existing.codes + 1,
      LARGE - existing.codes,
      hot.companyId,
      poolIds,
      log,
    );
    const large: ScaleResult = {
      dataset: await describeDataset(pool, subjects, (performance.now() - seedStart) / 1000),
      probes: [],
    };
    log(`  seeded ${formatInt(large.dataset.codes)} codes in ${large.dataset.seedSeconds.toFixed(1)} s (${elapsed()})`);
    large.probes = await measureProbes(origin, pool, probes, log);

    await pool.end();
    await stopServer();
    const { database, issueMs, ...measured } = await benchDatabasePath(direct);

    log(`\n8. Scan history on a real PostgreSQL server (${elapsed()})`);
    const history = await benchScanHistory(log);

    log(`\n14. Today's screens at 9 a.m. and 9 p.m. on a real PostgreSQL server (${elapsed()})`);
    const today = await benchTodaysCounts(log);

    log(`\n9. The daily digest of 200 companies due in one hour (${elapsed()})`);
    const digests = benchDigests();
    for (const test of digests.tests) {
      log(`  ${test.passed ? "passed" : "FAILED"}: ${test.title} (${test.seconds.toFixed(1)} s)`);
    }

    log(`\n6. Signing certificates in workerd (${elapsed()})`);
    const cost = await benchSigning();
    log(
      `  per record: issued ${cost.unsignedMs.toFixed(3)} → ${cost.signedMs.toFixed(3)} ms signed; ` +
        `sealed (${cost.sealedRecordBytes.toFixed(0)} B) ${cost.sealedUnsignedMs.toFixed(3)} → ${cost.sealedSignedMs.toFixed(3)} ms`,
    );

    log(`\n11. The Worker's upload and startup CPU (${elapsed()})`);
    const startup = await benchWorkerStartup();
    log(
      `  upload ${formatInt(startup.uploadGzipBytes / 1024)} KiB gzipped; workerd CPU to a first answer ` +
        `${formatMs(startup.appCpuMs)} ms, the fixed stack alone ${formatMs(startup.stackCpuMs)} ms, ` +
        `hello world ${formatMs(startup.helloCpuMs)} ms`,
    );

    const report = renderReport({
      machine,
      loadAtEnd: loadavg()
        .map((value) => value.toFixed(2))
        .join(" / "),
      totalSeconds: (performance.now() - started) / 1000,
      qr,
      scan,
      small,
      large,
      indexesRestored: JSON.stringify(indexesBefore) === JSON.stringify(indexesAfter),
      database,
      sealing,
      signing: { cost, issueMs },
      ...measured,
      history,
      digests,
      startup,
      today,
    });
    writeFileSync(RESULTS_FILE, report);
    // Every figure on the console too; the plans stay in the file.
    log(`\n${report.slice(0, report.indexOf("## EXPLAIN"))}`);
    log(`Wrote bench/RESULTS.md with the EXPLAIN plans (${elapsed()})`);
  } finally {
    if (!pool.ended) await pool.end();
    log("Stopping the dev server…");
    await stopServer();
  }
  log(`Done in ${elapsed()}.`);
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopServer();
  process.exit(1);
});
