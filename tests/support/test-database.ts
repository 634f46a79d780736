import { randomBytes } from "node:crypto";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { MIGRATIONS_FOLDER, startEmbeddedPostgres } from "#scripts/lib/embedded-postgres.ts";
import {
  createThrowawayDatabase,
  postgresBinariesInstalled,
  startPostgresServer,
} from "#scripts/lib/postgres-server.ts";
import { isLoopbackHost } from "#scripts/lib/sql-over-http.ts";
import { seedPlaces } from "#scripts/seed-places.ts";

/**
 * Which Postgres the API suite runs against: `postgres`, a real PostgreSQL server (the project's own
 * throwaway cluster from Debian's PostgreSQL 15, or, when DATABASE_URL is given, a throwaway
 * database on that server), by default wherever one can be had; otherwise `pglite`, in memory with
 * nothing to install. VALUSEAL_TEST_DATABASE=pglite|postgres chooses. A real server is the default
 * because it is what production runs (locks, concurrent connections, its own planner) and it holds
 * when the machine is busy; see docs/decisions/023-test-loop.md.
 */
export type TestDatabaseKind = "pglite" | "postgres";

export function testDatabaseKind(): TestDatabaseKind {
  const realServerAvailable = Boolean(process.env.DATABASE_URL) || postgresBinariesInstalled();
  const kind = process.env.VALUSEAL_TEST_DATABASE ?? (realServerAvailable ? "postgres" : "pglite");
  if (kind !== "pglite" && kind !== "postgres") {
    throw new Error(`VALUSEAL_TEST_DATABASE must be "pglite" or "postgres", got "${kind}"`);
  }
  return kind;
}

/**
 * The URL the Worker under test gets, decided when the config loads (bindings are fixed then); the
 * global setup makes it real with startTestDatabase.
 */
export function plannedTestDatabaseUrl(port: number): string {
  // The embedded server asks for a password like any PostgreSQL server (docs/decisions/025).
  if (testDatabaseKind() === "pglite") {
    return `postgres://postgres:${randomBytes(18).toString("hex")}@127.0.0.1:${port}/postgres`;
  }
  const name = `valuseal_test_${randomBytes(6).toString("hex")}`;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    // The Worker reaches it through the local bridge, which connects to loopback servers only.
    if (!isLoopbackHost(url.hostname)) {
      throw new Error("DATABASE_URL for the API suite must be a server on this machine (127.0.0.1, ::1 or localhost)");
    }
    url.pathname = `/${name}`;
    return url.toString();
  }
  return `postgres://postgres:${randomBytes(18).toString("hex")}@127.0.0.1:${port}/${name}`;
}

/**
 * Starts what `url` names, with the migrations applied and the gazetteer loaded, and returns how to
 * remove it: PGlite in memory; or a throwaway database, on the project's own PostgreSQL cluster
 * (stopped and deleted afterwards) or on DATABASE_URL's server (only that database is dropped).
 */
export async function startTestDatabase(url: string, options: { pgliteMaxConnections?: number } = {}) {
  const parsed = new URL(url);
  if (testDatabaseKind() === "pglite") {
    const postgres = await startEmbeddedPostgres({
      port: Number(parsed.port),
      maxConnections: options.pgliteMaxConnections,
      password: decodeURIComponent(parsed.password),
    });
    // The location suggestions read the gazetteer, as they do after `npm run db:seed` (about 2 s).
    await seedPlaces(drizzlePglite({ client: postgres.db }));
    return { description: "PGlite (in memory)", stop: () => postgres.close() };
  }

  const name = decodeURIComponent(parsed.pathname.slice(1));
  const server = process.env.DATABASE_URL
    ? undefined
    : await startPostgresServer({ port: Number(parsed.port), password: decodeURIComponent(parsed.password) });
  const serverUrl = process.env.DATABASE_URL ?? server!.url;
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>> | undefined;
  try {
    database = await createThrowawayDatabase(serverUrl, name);
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      const db = drizzlePg({ client: pool });
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await seedPlaces(db);
    } finally {
      await pool.end();
    }
  } catch (error) {
    await database?.drop().catch(() => {});
    await server?.stop();
    throw error;
  }
  return {
    description: server ? `PostgreSQL (own cluster on port ${server.port})` : `PostgreSQL (${name} on DATABASE_URL)`,
    stop: async () => {
      try {
        await database!.drop();
      } finally {
        await server?.stop();
      }
    },
  };
}
