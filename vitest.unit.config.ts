import { defineConfig } from "vitest/config";

/**
 * `npm run test:unit`: pure functions (status rules, parsing, formatting, fingerprints, rate-limit
 * keys) in Node with no database, Worker or browser, and the data migrations on an in-memory PGlite
 * (tests/migrations). A config of its own because vitest.config.ts loads the Workers pool and plans
 * the test databases before any project runs, which alone took longer than these tests.
 */
export default defineConfig({
  test: {
    name: "unit",
    include: ["tests/unit/**/*.test.ts", "tests/migrations/**/*.test.ts"],
    environment: "node",
  },
});
