import { join } from "node:path";
import { filesUnder, isRuntimeModule, packageImports, REPOSITORY_ROOT } from "./package-imports.ts";

/**
 * Packages the API suite loads into workerd that Vite must leave as they are:
 * - vitest, which the Workers pool provides to each test file itself;
 * - qrcode-svg, whose CommonJS build requires "fs" for a file-saving method we never call (the
 *   optimizer cannot bundle that for a Worker; wrangler's build ignores it);
 * - @sentry/cloudflare, which imports node:async_hooks and node:diagnostics_channel (workerd gives
 *   them under nodejs_compat; the optimizer cannot resolve them).
 */
const NOT_PREBUNDLED = ["vitest", "qrcode-svg", "@sentry/cloudflare"];

/**
 * Every package the API suite's files and the Worker load, for the Workers pool's dependency
 * optimizer (vitest.config.ts). Each test file runs in a fresh module graph, and workerd fetches
 * every module of it from Vite one by one: zod alone is some 90 files, drizzle as many. Bundled,
 * a package is one module, and a file's imports took 2.6 s instead of 6.5 s.
 *
 * Read from the sources at start-up, so the list cannot go stale: a package left out would load
 * unbundled beside its bundled copy (two drizzle-orms whose classes do not know each other), and a
 * package discovered mid-run would make the optimizer re-bundle under the running files.
 */
export function workerTestDependencies(): string[] {
  const entries = [
    join(REPOSITORY_ROOT, "worker/index.ts"),
    ...filesUnder(join(REPOSITORY_ROOT, "tests/api"), /\.test\.ts$/),
  ];
  return [...packageImports(entries).keys()]
    .filter((name) => !isRuntimeModule(name) && !NOT_PREBUNDLED.includes(name))
    .sort();
}
