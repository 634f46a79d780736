import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { configuredDatabaseUrl } from "./dev-vars";
import { freePort } from "./free-port";

/** A fresh clone first optimises Vite's dependencies and loads the gazetteer; that can take a while. */
const READY_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 30_000;
const START_ATTEMPTS = 2;

export interface DevServer {
  origin: string;
  port: number;
  /** The database of this server, over TCP (the same database the Worker uses). */
  databaseUrl: string;
  /** This server's local inbox (MailDev): its web UI and REST API, e.g. `${inboxUrl}/api/email`. */
  inboxUrl: string;
  /** The dev script's process group: Vite and workerd run in it. */
  processGroup: number;
  /** Everything the dev script, Vite and workerd have printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
}

export interface DevServerOptions {
  /** A throwaway database on a real PostgreSQL server; by default the server's own embedded one. */
  databaseUrl?: string;
  /** More environment for the dev script, e.g. VALUSEAL_DB_LATENCY_MS or VALUSEAL_VITE_CACHE_DIR. */
  env?: Record<string, string>;
  /** Names the throwaway data folder (`valuseal-<label>-…` in the temporary directory). */
  label?: string;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

async function waitUntilReady(origin: string, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      const res = await fetch(`${origin}/favicon.svg`);
      await res.arrayBuffer();
      if (res.ok) return true;
    } catch {
      /* not listening yet */
    }
    await sleep(500);
  }
  return false;
}

/** Whether any process is left in the group the dev script leads (Vite and workerd inherit it). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForGroup(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(200);
  }
  return true;
}

/**
 * Ends the dev script (it stops Vite and closes the database itself), then whatever of its own
 * process group outlives it; they share our stdout pipe, which would otherwise keep this process
 * waiting after the benchmark or test is done.
 */
async function stopChild(child: ChildProcess) {
  const pid = child.pid;
  if (pid === undefined) return;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill("SIGTERM");
    // An unreferenced timer: a pending one would keep this process alive after the benchmark or test.
    await Promise.race([exited(child), sleep(STOP_TIMEOUT_MS, undefined, { ref: false })]);
  }
  if (groupAlive(pid)) {
    process.kill(-pid, "SIGTERM");
    if (!(await waitForGroup(pid, STOP_TIMEOUT_MS))) process.kill(-pid, "SIGKILL");
  }
  child.stdout?.destroy();
  child.stderr?.destroy();
}

/** The embedded database's URL, password included, as the dev script wrote it for the operator scripts. */
function embeddedDatabaseUrl(dataDir: string): string {
  return (JSON.parse(readFileSync(join(dataDir, "dev-server.json"), "utf8")) as { databaseUrl: string }).databaseUrl;
}

async function startOnce(
  dataDir: string,
  logFile: string,
  options: DevServerOptions,
): Promise<Omit<DevServer, "output"> | { failed: string }> {
  const [pgPort, bridgePort, port, smtpPort, mailUiPort, stripePort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const log = createWriteStream(logFile, { flags: "a" });
  const env: NodeJS.ProcessEnv = { ...process.env, VALUSEAL_DATA_DIR: dataDir, VALUSEAL_PG_PORT: String(pgPort) };
  delete env.DATABASE_URL;
  // As a developer starts it: a test runner's NODE_ENV=test would reach Vite (and the dependencies
  // it bundles) and change the optimizer cache's hash.
  delete env.NODE_ENV;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/dev.ts", "--port", String(port)],
    // Its own process group, so a hung Vite or workerd can be ended with it and nothing else.
    {
      env: {
        ...env,
        VALUSEAL_BRIDGE_PORT: String(bridgePort),
        VALUSEAL_SMTP_PORT: String(smtpPort),
        VALUSEAL_MAIL_UI_PORT: String(mailUiPort),
        VALUSEAL_STRIPE_PORT: String(stripePort),
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const origin = `http://127.0.0.1:${port}`;
  if (!(await waitUntilReady(origin, child))) {
    await stopChild(child);
    return { failed: readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n") };
  }
  return {
    origin,
    port,
    databaseUrl: options.databaseUrl ?? embeddedDatabaseUrl(dataDir),
    inboxUrl: `http://127.0.0.1:${mailUiPort}`,
    processGroup: child.pid!,
    stop: () => stopChild(child),
  };
}

/**
 * `npm run dev` (scripts/dev.ts) on free ports with a throwaway embedded database (or the given
 * throwaway database) and its own inbox, so the benchmark and the dev-server browser test never
 * touch .data/, a developer's DATABASE_URL or a running `npm run dev`. Started twice at most: Vite
 * restarts (and may fail) when a config file changes under it during start-up.
 */
export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  if (configuredDatabaseUrl()) {
    throw new Error(
      "DATABASE_URL is set (environment or .dev.vars): a throwaway dev server (the benchmark, the dev-server " +
        "browser test) writes accounts, codes and scans, so it only runs against its own embedded database. " +
        "Unset DATABASE_URL and run it again.",
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), `valuseal-${options.label ?? "dev"}-`));
  const logFile = join(dataDir, "dev-server.log");
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
  let failure = "";
  for (let attempt = 1; attempt <= START_ATTEMPTS; attempt += 1) {
    const started = await startOnce(dataDir, logFile, options);
    if ("origin" in started) {
      return {
        ...started,
        output: () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : ""),
        stop: async () => {
          await started.stop();
          cleanUp();
        },
      };
    }
    failure = started.failed;
    console.warn(`Dev server did not start (attempt ${attempt} of ${START_ATTEMPTS}).`);
  }
  cleanUp();
  throw new Error(`npm run dev did not start:\n${failure}`);
}
