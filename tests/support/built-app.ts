import { createWriteStream } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Readable } from "node:stream";
import { Log, LogLevel, Miniflare, type WorkerOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

/**
 * Serves a production build (`vite build`'s `<buildDir>/valuseal/wrangler.json`: the Worker, its
 * assets, queues, rate limits and vars) in workerd through Miniflare, as `wrangler dev` would but
 * without its proxy in front. That proxy dropped requests on connections that had idled a few
 * seconds (a POST answered 503 "Your worker restarted mid-request", a GET parked until the next
 * request came), which the tests had to resend and drain, and it cost a second workerd's CPU per
 * request. Wrangler's own translation of the config keeps the served app the one that deploys.
 */
export async function serveBuiltApp(options: { buildDir: string; envFile: string; port: number; logFile?: string }) {
  const configPath = resolve(options.buildDir, "valuseal", "wrangler.json");
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(configPath, undefined, {
    envFiles: [options.envFile],
  } as Parameters<typeof unstable_getMiniflareWorkerOptions>[2]);
  if (!main) throw new Error(`${configPath} names no Worker script`);
  const log = options.logFile ? createWriteStream(options.logFile, { flags: "a" }) : null;
  const miniflare = new Miniflare({
    host: "127.0.0.1",
    port: options.port,
    // The request.cf of a local request: Miniflare's stand-in, never fetched from the internet.
    cf: false,
    log: new Log(options.logFile ? LogLevel.DEBUG : LogLevel.ERROR),
    // What the Worker prints goes to the log file when one is asked for, else nowhere: the tests
    // provoke failures on purpose, and their expected errors would bury the test output.
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      for (const stream of [stdout, stderr]) {
        if (log) stream.pipe(log, { end: false });
        else stream.resume();
      }
    },
    workers: [
      {
        name: "valuseal",
        ...(workerOptions as WorkerOptions),
        modules: true,
        modulesRoot: dirname(main),
        scriptPath: main,
      } as WorkerOptions,
    ],
  });
  await miniflare.ready;
  return {
    /** Runs a cron trigger of wrangler.toml now, as the platform would (the hourly jobs: "0 * * * *"). */
    async runScheduled(cron: string) {
      const worker = await miniflare.getWorker();
      const result = await worker.scheduled({ cron, scheduledTime: new Date() });
      if (result.outcome !== "ok") throw new Error(`the "${cron}" run ended ${result.outcome}`);
    },
    async stop() {
      await miniflare.dispose();
      log?.end();
    },
  };
}
