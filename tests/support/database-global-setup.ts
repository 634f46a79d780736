import { drizzle } from "drizzle-orm/pglite";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres";
import { startWsBridge } from "../../scripts/lib/ws-bridge";
import { seedPlaces } from "../../scripts/seed-places";

/**
 * Starts a fresh in-memory Postgres (PGlite) and the WebSocket bridge on the ports chosen in
 * vitest.config.ts, so the Worker under test reaches it exactly as it reaches Neon.
 */
export default async function setup(project: TestProject) {
  const pgPort = Number(process.env.VALUSEAL_TEST_PG_PORT);
  const bridgePort = Number(process.env.VALUSEAL_TEST_BRIDGE_PORT);
  // Room for 200 truly concurrent scans (tests/api/scan-path.test.ts) plus the other files' requests.
  const postgres = await startEmbeddedPostgres({ port: pgPort, maxConnections: 300 });
  // The location suggestions read the gazetteer, as they do after `npm run db:seed` (about 2 s).
  await seedPlaces(drizzle({ client: postgres.db }));
  const bridge = await startWsBridge({ port: bridgePort });
  project.provide("databaseUrl", postgres.url);
  return async () => {
    await bridge.close();
    await postgres.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
