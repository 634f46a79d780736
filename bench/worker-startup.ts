import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { build } from "vite";
import { workerBundlePlugins } from "../scripts/lib/worker-bundle-plugins";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Log, LogLevel, Miniflare, type WorkerOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { ensureCurrentBuild } from "../scripts/lib/current-build";
import { type UploadedModule, workerUpload } from "../scripts/lib/worker-upload";
import { ownWorkerd } from "./built-server";
import { cpuMs, median } from "./measure";

/**
 * What a new isolate pays before the Worker answers: the build's upload (every module of
 * dist/valuseal, as wrangler uploads it: bytes and gzipped) and the CPU workerd spends starting it
 * and answering one request that touches no database, against a hello-world Worker started with
 * the same bindings (assets, queues, the Durable Object, rate limits) in the same run. The
 * difference is what our modules' evaluation costs; the platform allows 1 s (Workers' startup limit).
 * A third Worker holds the brief's fixed stack alone (bench/stack-floor/worker.ts), bundled and
 * minified as ours is: the least a Worker on that stack pays over hello world.
 */
export interface WorkerStartup {
  uploadBytes: number;
  uploadGzipBytes: number;
  /** The largest modules, gzipped, for the reader to see where the bytes are. */
  largestModules: UploadedModule[];
  appCpuMs: number;
  helloCpuMs: number;
  /** The fixed stack alone: Hono, zod, drizzle on Neon's driver, jose, qrcode-svg. */
  stackCpuMs: number;
  stackGzipBytes: number;
  runs: number;
}

const RUNS = 7;
const HELLO_WORLD = `export default { fetch() { return new Response("hello"); } };
export class CodeScans { fetch() { return new Response("hello"); } }
`;

const WORKERD_CONDITIONS = ["workerd", "worker", "browser"];

/**
 * The fixed stack's Worker (bench/stack-floor/worker.ts) bundled as ours is: Vite's bundler,
 * resolved for workerd, esbuild's minifier, the same plugins (decision 074), node:* left to
 * nodejs_compat.
 */
async function buildStackAlone(outDir: string) {
  await build({
    configFile: false,
    logLevel: "error",
    publicDir: false,
    plugins: workerBundlePlugins(),
    resolve: { conditions: WORKERD_CONDITIONS },
    ssr: { noExternal: true, target: "webworker", resolve: { conditions: WORKERD_CONDITIONS } },
    build: {
      ssr: resolve("bench/stack-floor/worker.ts"),
      outDir,
      emptyOutDir: true,
      minify: "esbuild",
      rollupOptions: { external: [/^node:/], output: { entryFileNames: "index.js", format: "es" } },
    },
  });
}

/** workerd's CPU from its start to the answer of one request, in ms, for the Worker at `scriptPath`. */
async function startupCpu(configPath: string, scriptPath: string, path: string): Promise<number> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(configPath);
  const before = new Set(ownWorkerd());
  const miniflare = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    cf: false,
    log: new Log(LogLevel.ERROR),
    workers: [
      {
        name: "valuseal",
        ...(workerOptions as WorkerOptions),
        modules: true,
        modulesRoot: dirname(scriptPath),
        scriptPath,
      } as WorkerOptions,
    ],
  });
  try {
    const url = await miniflare.ready;
    const response = await fetch(new URL(path, url));
    await response.arrayBuffer();
    const started = ownWorkerd().filter((pid) => !before.has(pid));
    if (started.length === 0) throw new Error("Miniflare started no workerd process");
    return cpuMs(started);
  } finally {
    await miniflare.dispose();
  }
}

export async function benchWorkerStartup(): Promise<WorkerStartup> {
  const buildDir = ensureCurrentBuild();
  const workerDir = resolve(buildDir, "valuseal");
  const configPath = join(workerDir, "wrangler.json");
  const main = join(workerDir, "index.js");
  const modules = workerUpload(workerDir);
  const helloDir = mkdtempSync(join(tmpdir(), "valuseal-hello-"));
  const hello = join(helloDir, "index.js");
  writeFileSync(hello, HELLO_WORLD);
  const stack = join(helloDir, "stack", "index.js");
  try {
    await buildStackAlone(dirname(stack));
    const stackGzipBytes = workerUpload(dirname(stack)).reduce((sum, module) => sum + module.gzipBytes, 0);
    const app: number[] = [];
    const helloWorld: number[] = [];
    const stackAlone: number[] = [];
    // Turn about, so a busy moment of the machine falls on each.
    for (let run = 0; run < RUNS; run += 1) {
      helloWorld.push(await startupCpu(configPath, hello, "/api/no-such-route"));
      stackAlone.push(await startupCpu(configPath, stack, "/api/no-such-route"));
      app.push(await startupCpu(configPath, main, "/api/no-such-route"));
    }
    return {
      uploadBytes: modules.reduce((sum, module) => sum + module.bytes, 0),
      uploadGzipBytes: modules.reduce((sum, module) => sum + module.gzipBytes, 0),
      largestModules: modules.sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 5),
      appCpuMs: median(app),
      helloCpuMs: median(helloWorld),
      stackCpuMs: median(stackAlone),
      stackGzipBytes,
      runs: RUNS,
    };
  } finally {
    rmSync(helloDir, { recursive: true, force: true });
  }
}
