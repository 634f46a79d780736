import { spawn } from "node:child_process";
import pg from "pg";
import { registerCompany, issueCode } from "./accounts";
import { startDevServer } from "./dev-server";
import { runLoad } from "./scan-path";

/**
 * `npm run test:loaded`: the API suite while a second copy of the app (`npm run dev` on a throwaway
 * database) answers a steady stream of scans from the benchmark's load generator, as on a developer's
 * or CI's machine that is busy with other work. The suite runs RUNS times in a row (default 3) and
 * the script stops at the first red run; each run's duration is printed. TEST_SCRIPT names another
 * npm script to run instead (`TEST_SCRIPT=test` runs everything `npm test` runs).
 *
 * The load is light and steady rather than a flood: a phone scan of a real code (one database round
 * trip and a write) and of the sample certificate, LOAD_RATE requests a second in all (default 20),
 * spread over 4 connections, for as long as the suite runs.
 */
const RUNS = Number(process.env.RUNS ?? 3);
const LOAD_RATE = Number(process.env.LOAD_RATE ?? 20);
const LOAD_SLICE_SECONDS = 30;
const TEST_SCRIPT = process.env.TEST_SCRIPT ?? "test:api";

function runSuite(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", TEST_SCRIPT, "--", ...process.argv.slice(2)], { stdio: "inherit" });
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

const server = await startDevServer();
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
let loading = true;
let scans = 0;
let failedScans = 0;
try {
  const account = await registerCompany(server.origin, pool, "loaded", "Loaded Test Valuers Ltd");
  const code = await issueCode(server.origin, account);
  const paths = [new URL(code.address).pathname, "/v/demo"];
  // Slices of load one after another, so the generator stops soon after the suite does.
  const load = (async () => {
    while (loading) {
      const slice = await runLoad(server.origin, {
        target: "second app",
        paths,
        connections: 4,
        seconds: LOAD_SLICE_SECONDS,
        overallRate: LOAD_RATE,
      });
      scans += slice.ok;
      failedScans += slice.non2xx + slice.errors;
    }
  })();
  const durations: string[] = [];
  let exitCode = 0;
  for (let run = 1; run <= RUNS && exitCode === 0; run += 1) {
    console.log(
      `\n=== npm run ${TEST_SCRIPT} under load: run ${run} of ${RUNS} (${LOAD_RATE} scans/s on ${server.origin}) ===`,
    );
    const started = Date.now();
    exitCode = await runSuite();
    durations.push(
      `run ${run}: ${exitCode === 0 ? "passed" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }
  loading = false;
  await load;
  console.log(`\n${durations.join("\n")}\nThe second app answered ${scans} scans meanwhile (${failedScans} not 2xx).`);
  process.exitCode = exitCode;
} finally {
  loading = false;
  await pool.end();
  await server.stop();
}
