import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureCurrentBuild } from "../scripts/lib/current-build";
import { startDbBridge } from "../scripts/lib/db-bridge";
import { freePort } from "../scripts/lib/free-port";
import { newSigningKey } from "../scripts/lib/signing-keys";
import { serveBuiltApp } from "../tests/support/built-app";

export interface BuiltServer {
  origin: string;
  /** The workerd process running the Worker, for its CPU time. */
  workerd: number;
  stop(): Promise<void>;
}

/** The workerd processes Miniflare started for this Node process. */
export function ownWorkerd(): number[] {
  return execFileSync("ps", ["-eo", "pid=,ppid=,comm="])
    .toString()
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, parent, command]) => Number(parent) === process.pid && command?.includes("workerd"))
    .map(([pid]) => Number(pid));
}

/**
 * The production build (`vite build`, as deployed) served in workerd by Miniflare, as the browser
 * tests serve it, on `databaseUrl` through a database bridge of its own, with production's password
 * hashing. Emails it queues go nowhere (no inbox listens): what it is measured with sends none.
 * `latencyMs` holds every exchange with the database that long in each direction.
 */
export async function startBuiltServer(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
  { latencyMs = 0 }: { latencyMs?: number } = {},
): Promise<BuiltServer> {
  const buildDir = ensureCurrentBuild();
  const bridge = await startDbBridge({ latencyMs });
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "valuseal-bench-built-"));
  const envFile = join(dir, "worker.env");
  writeFileSync(
    envFile,
    [
      `DATABASE_URL=${databaseUrl}`,
      `DB_WS_PROXY=${bridge.wsProxy}`,
      `DB_HTTP_ENDPOINT=${bridge.httpEndpoint}`,
      `JWT_SECRET=bench-built-server-secret-of-at-least-32-characters`,
      "APP_ENV=development",
      `WEBHOOK_SECRET_KEY=${Buffer.from("bench-webhook-key-of-32-bytes-ok").toString("base64")}`,
      `SIGNING_KEY='${newSigningKey()}'`,
      `PUBLIC_ORIGIN=http://127.0.0.1:${port}`,
      "SMTP_HOST=127.0.0.1",
      `SMTP_PORT=${await freePort()}`,
      "SMTP_SECURITY=none",
      "EMAIL_FROM=ValuSeal <no-reply@valuseal.test>",
      ...Object.entries(extraEnv).map(([name, value]) => `${name}='${value}'`),
    ].join("\n"),
  );
  const before = new Set(ownWorkerd());
  const app = await serveBuiltApp({ buildDir, envFile, port });
  const [workerd] = ownWorkerd().filter((pid) => !before.has(pid));
  if (!workerd) throw new Error("Miniflare started no workerd process under the bench");
  return {
    origin: `http://127.0.0.1:${port}`,
    workerd,
    stop: async () => {
      await app.stop();
      await bridge.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
