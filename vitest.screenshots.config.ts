import { defineConfig } from "vitest/config";

/**
 * `npm run screenshots` (tests/screenshots/capture.ts): the browser tests' app server, started by
 * the same global setup, and one capture after another on the 2 cores.
 */
export default defineConfig({
  test: {
    name: "screenshots",
    include: ["tests/screenshots/capture.ts"],
    environment: "node",
    globalSetup: ["tests/support/e2e-global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
