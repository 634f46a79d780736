import type { TestProject } from "vitest/node";
import { startDbBridge } from "#scripts/lib/db-bridge.ts";
import { startTestDatabase, testDatabaseKind } from "./test-database";

/**
 * Starts the suite's database (a real PostgreSQL server where one can be had, else PGlite in memory:
 * see test-database.ts) and the database bridge, on the URL, port
 * and secret path chosen in vitest.config.ts, so the Worker under test reaches it exactly as it
 * reaches Neon.
 */
export default async function setup(project: TestProject) {
  const url = process.env.VALUSEAL_TEST_DATABASE_URL!;
  // Room for 200 truly concurrent scans (tests/api/scan-path.test.ts) plus the other files' requests.
  const database = await startTestDatabase(url, { pgliteMaxConnections: 300 });
  let bridge;
  try {
    bridge = await startDbBridge({
      port: Number(process.env.VALUSEAL_TEST_BRIDGE_PORT),
      secret: process.env.VALUSEAL_TEST_BRIDGE_SECRET,
    });
  } catch (error) {
    await database.stop();
    throw error;
  }
  console.log(`API suite database: ${database.description}`);
  project.provide("databaseUrl", url);
  project.provide("databaseKind", testDatabaseKind());
  return async () => {
    try {
      await bridge.close();
    } finally {
      await database.stop();
    }
  };
}

/** PGlite runs one session at a time: tests of what concurrent transactions do need "postgres". */
export type DatabaseKind = ReturnType<typeof testDatabaseKind>;

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseKind: DatabaseKind;
  }
}
