import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./free-port";

/** Debian's PostgreSQL 15 (`apt-get install postgresql-15`); POSTGRES_BIN moves it. */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

export const postgresBinariesInstalled = () => existsSync(join(POSTGRES_BIN, "pg_ctl"));

interface PostgresServer {
  /** postgres://postgres:<random>@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster for tests: initdb in a temporary folder (password auth, the
 * default max_connections of 100), listening on 127.0.0.1 only, on a free port. Postgres refuses
 * to run as root, so as root the cluster belongs to and runs as the `postgres` system user.
 * `stop()` stops it and removes the folder; so does the process's exit if the run is cut short.
 */
export async function startPostgresServer(options: { port?: number; password?: string } = {}): Promise<PostgresServer> {
  const port = options.port ?? (await freePort());
  const password = options.password ?? randomBytes(18).toString("hex");
  const dir = mkdtempSync(join(tmpdir(), "valuseal-postgres-"));
  const dataDir = join(dir, "data");
  const logFile = join(dir, "server.log");
  const asRoot = userInfo().uid === 0;
  let owner: { uid: number; gid: number } | undefined;
  if (asRoot) {
    let uid: number, gid: number;
    try {
      uid = Number(execFileSync("id", ["-u", "postgres"]));
      gid = Number(execFileSync("id", ["-g", "postgres"]));
    } catch {
      throw new Error(
        "Postgres refuses to run as root: create a `postgres` system user (Debian's postgresql package does)",
      );
    }
    owner = { uid, gid };
    chownSync(dir, uid, gid);
  }
  // The tool run as the cluster's owner: as root through runuser, which keeps the environment.
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", join(POSTGRES_BIN, tool), ...args], { stdio: "pipe" })
      : execFileSync(join(POSTGRES_BIN, tool), args, { stdio: "pipe" });
  const pwFile = join(dir, "password");
  writeFileSync(pwFile, password, { mode: 0o600 });
  if (owner) chownSync(pwFile, owner.uid, owner.gid);
  chmodSync(dir, 0o700);

  let started = false;
  const stopNow = () => {
    if (started) {
      started = false;
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } catch {
        /* already gone */
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A run cut short (Ctrl-C, a crash) still stops the server and removes its folder.
  process.once("exit", stopNow);
  try {
    run("initdb", [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "-A",
      "scram-sha-256",
      "--pwfile",
      pwFile,
      "-E",
      "UTF8",
      "--no-locale",
    ]);
    rmSync(pwFile);
    started = true;
    run("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      logFile,
      "-w",
      "-t",
      "60",
      "-o",
      // The socket folder is the cluster's own: the system one may not exist or be writable.
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      "start",
    ]);
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
    const output = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    stopNow();
    process.removeListener("exit", stopNow);
    throw new Error(`could not start PostgreSQL from ${POSTGRES_BIN}: ${(error as Error).message}\n${output}\n${log}`);
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => {
      stopNow();
      process.removeListener("exit", stopNow);
    },
  };
}

/**
 * A new empty database on an existing server, named valuseal_test_<random>, and a `drop()` that
 * removes it; nothing else on that server is read or changed.
 */
export async function createThrowawayDatabase(
  serverUrl: string,
  name = `valuseal_test_${randomBytes(6).toString("hex")}`,
) {
  if (!/^valuseal_test_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to create database ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
