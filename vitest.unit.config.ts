import { defineConfig } from "vitest/config";
import { SlowestFirstSequencer } from "./tests/support/sequencer.ts";

/**
 * Tests that need no Worker, browser or database server, with a config of their own because
 * vitest.config.ts loads the Workers pool and plans the test databases before any project runs,
 * which alone took longer than these tests:
 * - `unit` (`npm run test:unit`, the inner loop): pure functions (status rules, parsing,
 *   formatting, fingerprints, rate-limit keys) in Node;
 * - `migrations` (`npm run test:migrations`): the data migrations on an in-memory PGlite,
 *   thousands of rows each, so they stay out of the inner loop;
 * - `bridge` (`npm run test:bridge`): the local database bridge (scripts/lib/db-bridge.ts) and what
 *   `npm run dev` runs, each file starting its own.
 * `npm test` runs the three at once, two files at a time: 37 s against 64 s one at a time (the
 * default on two cores), the slowest files first.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "migrations",
          include: ["tests/migrations/**/*.test.ts"],
          environment: "node",
          // Each file applies every migration to a new PGlite: seconds on an idle machine, more beside
          // the API suite in `npm test`.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "bridge",
          include: ["tests/bridge/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
