import { Client, neon, neonConfig, type NeonDbError } from "@neondatabase/serverless";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startDbBridge, type DbBridge } from "#scripts/lib/db-bridge.ts";
import { startEmbeddedPostgres } from "#scripts/lib/embedded-postgres.ts";
import {
  createThrowawayDatabase,
  postgresBinariesInstalled,
  startPostgresServer,
} from "#scripts/lib/postgres-server.ts";

/**
 * The local database bridge (scripts/lib/db-bridge.ts) answers the real Neon driver as Neon's HTTP
 * endpoint and WebSocket proxy do, against PGlite and, where PostgreSQL is installed (or
 * DATABASE_URL names a local server), a real server.
 */

interface Target {
  url: string;
  /** Whether pg_stat_activity shows one row per connection (not PGlite's single backend). */
  realServer: boolean;
  stop(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const postgres = await startEmbeddedPostgres({});
  return { url: postgres.url, realServer: false, stop: () => postgres.close() };
}

async function postgresTarget(): Promise<Target> {
  const server = process.env.DATABASE_URL ? undefined : await startPostgresServer();
  const database = await createThrowawayDatabase(process.env.DATABASE_URL ?? server!.url);
  return {
    url: database.url,
    realServer: true,
    stop: async () => {
      await database.drop();
      await server?.stop();
    },
  };
}

const realServerAvailable = Boolean(process.env.DATABASE_URL) || postgresBinariesInstalled();
const unique = (prefix: string) => `${prefix}_${randomBytes(4).toString("hex")}`;

/** The driver reaches the bridge as the Worker does: fetchEndpoint for HTTP, wsProxy for WebSockets. */
function pointDriverAt(bridge: DbBridge) {
  neonConfig.fetchEndpoint = bridge.httpEndpoint;
  neonConfig.webSocketConstructor = WebSocket;
  neonConfig.wsProxy = (host, port) => `${bridge.wsProxy}?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}

async function rejection(promise: Promise<unknown>): Promise<NeonDbError> {
  try {
    await promise;
  } catch (error) {
    return error as NeonDbError;
  }
  throw new Error("expected the query to fail");
}

/** Samples how many server connections the bridge holds while `work` runs. */
async function peakBridgeConnections(bridge: DbBridge, work: () => Promise<unknown>) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, bridge.openConnections())), 1);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, bridge.openConnections());
}

describe.each([
  { name: "PGlite", start: pgliteTarget, available: true },
  { name: "PostgreSQL", start: postgresTarget, available: realServerAvailable },
])("the database bridge in front of $name", ({ start, available }) => {
  let target: Target;
  let bridge: DbBridge;

  beforeAll(async () => {
    if (!available) return;
    target = await start();
    bridge = await startDbBridge({ latencyMs: 0 });
    pointDriverAt(bridge);
  });
  afterAll(async () => {
    await bridge?.close();
    await target?.stop();
  });

  it.skipIf(!available)("answers neon() over HTTP with the driver's rows, types and fields", async () => {
    pointDriverAt(bridge);
    const sql = neon(target.url, { fullResults: true });
    const result = await sql.query(
      "SELECT $1::int AS n, NULL::text AS nothing, '2026-01-02T03:04:05Z'::timestamptz AS at, ARRAY[1,2]::int[] AS list, $2::jsonb AS doc",
      [41 + 1, JSON.stringify({ a: "b" })],
    );
    expect(result.rows).toEqual([
      { n: 42, nothing: null, at: new Date("2026-01-02T03:04:05Z"), list: [1, 2], doc: { a: "b" } },
    ]);
    expect(result.command).toBe("SELECT");
    expect(result.rowCount).toBe(1);
    expect(result.fields.map((field) => [field.name, field.dataTypeID])).toEqual([
      ["n", 23],
      ["nothing", 25],
      ["at", 1184],
      ["list", 1007],
      ["doc", 3802],
    ]);
  });

  it.skipIf(!available)("runs a batch as one transaction: all of it commits, or none of it", async () => {
    pointDriverAt(bridge);
    const sql = neon(target.url);
    const table = unique("bridge_batch");
    await sql.query(`CREATE TABLE ${table} (id int PRIMARY KEY)`);
    const [, , count] = await sql.transaction([
      sql.query(`INSERT INTO ${table} VALUES (1)`),
      sql.query(`INSERT INTO ${table} VALUES (2)`),
      sql.query(`SELECT count(*)::int AS n FROM ${table}`),
    ]);
    expect(count).toEqual([{ n: 2 }]);

    const failed = await rejection(
      sql.transaction([sql.query(`INSERT INTO ${table} VALUES (3)`), sql.query(`INSERT INTO ${table} VALUES (1)`)]),
    );
    expect(failed.code).toBe("23505");
    expect(await sql.query(`SELECT id FROM ${table} ORDER BY id`)).toEqual([{ id: 1 }, { id: 2 }]);

    const [levels] = await sql.transaction([sql.query("SHOW transaction_isolation")], {
      isolationLevel: "Serializable",
    });
    expect(levels?.[0]).toEqual({ transaction_isolation: "serializable" });
    const readOnly = await rejection(
      sql.transaction([sql.query(`INSERT INTO ${table} VALUES (9)`)], { readOnly: true }),
    );
    expect(readOnly.code).toBe("25006");
  });

  it.skipIf(!available)("passes Postgres errors on with their code and fields", async () => {
    pointDriverAt(bridge);
    const sql = neon(target.url);
    const table = unique("bridge_errors");
    await sql.query(`CREATE TABLE ${table} (email text CONSTRAINT ${table}_email UNIQUE)`);
    await sql.query(`INSERT INTO ${table} VALUES ($1)`, ["a@example.com"]);
    const duplicate = await rejection(sql.query(`INSERT INTO ${table} VALUES ($1)`, ["a@example.com"]));
    expect(duplicate.name).toBe("NeonDbError");
    expect(duplicate.code).toBe("23505");
    expect(duplicate.constraint).toBe(`${table}_email`);
    expect(duplicate.severity).toBe("ERROR");
    const syntax = await rejection(sql.query("SELEC 1"));
    expect(syntax.code).toBe("42601");
    expect(syntax.position).toBe("1");
    // One statement per query, as Neon runs them (extended protocol).
    expect((await rejection(sql.query("SELECT 1; SELECT 2"))).code).toBe("42601");
  });

  it.skipIf(!available)("adds the configured latency in each direction", async () => {
    const slow = await startDbBridge({ latencyMs: 150 });
    try {
      neonConfig.fetchEndpoint = slow.httpEndpoint;
      const sql = neon(target.url);
      await sql.query("SELECT 1");
      const started = performance.now();
      await sql.query("SELECT 1");
      expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    } finally {
      await slow.close();
    }
  });

  it.skipIf(!available)("holds a burst of 300 HTTP queries to the connection cap", async () => {
    const capped = await startDbBridge({ maxConnections: 8 });
    try {
      neonConfig.fetchEndpoint = capped.httpEndpoint;
      // Named, so the count below leaves out the connections other tests' bridges still hold.
      const application = unique("burst");
      const url = new URL(target.url);
      url.searchParams.set("application_name", application);
      const sql = neon(url.toString());
      // Each query also counts this bridge's server connections open at that moment.
      const counting = target.realServer
        ? `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = '${application}'`
        : "SELECT 0 AS n";
      let results: { n: number }[][] = [];
      const peak = await peakBridgeConnections(capped, async () => {
        results = (await Promise.all(Array.from({ length: 300 }, () => sql.query(counting)))) as { n: number }[][];
      });
      expect(results).toHaveLength(300);
      expect(peak).toBeGreaterThan(1);
      expect(peak).toBeLessThanOrEqual(8);
      if (target.realServer) expect(Math.max(...results.map(([row]) => row!.n))).toBeLessThanOrEqual(8);
    } finally {
      await capped.close();
    }
  });

  it.skipIf(!available)(
    "queues WebSocket sessions beyond the cap, and fails one that waits too long cleanly",
    async () => {
      const capped = await startDbBridge({ maxConnections: 4 });
      const tight = await startDbBridge({ maxConnections: 2, queueTimeoutMs: 500 });
      pointDriverAt(capped);
      try {
        const session = async () => {
          const client = new Client(target.url);
          await client.connect();
          try {
            await client.query("BEGIN");
            await client.query("SELECT pg_sleep(0.02)");
            await client.query("COMMIT");
          } finally {
            await client.end();
          }
        };
        const peak = await peakBridgeConnections(capped, () => Promise.all(Array.from({ length: 20 }, session)));
        expect(peak).toBeGreaterThan(1);
        expect(peak).toBeLessThanOrEqual(4);

        pointDriverAt(tight);
        const holders = Array.from({ length: 2 }, () => new Client(target.url));
        await Promise.all(holders.map((client) => client.connect()));
        try {
          const waiting = new Client(target.url);
          const error = (await rejection(waiting.connect())) as unknown as { code: string; message: string };
          expect(error.code).toBe("53300");
          expect(error.message).toMatch(/too many clients/);
        } finally {
          await Promise.all(holders.map((client) => client.end()));
        }
      } finally {
        pointDriverAt(bridge);
        await capped.close();
        await tight.close();
      }
    },
  );
});

describe("the database bridge refuses", () => {
  let bridge: DbBridge;
  beforeAll(async () => {
    bridge = await startDbBridge();
  });
  afterAll(() => bridge.close());

  const post = (url: string, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: "POST",
      headers: {
        "Neon-Connection-String": "postgres://postgres:postgres@127.0.0.1:1/postgres",
        "Neon-Raw-Text-Output": "true",
        "Neon-Array-Mode": "true",
        ...headers,
      },
      body: JSON.stringify({ query: "SELECT 1", params: [] }),
    });

  it("a database that is not on this machine", async () => {
    neonConfig.fetchEndpoint = bridge.httpEndpoint;
    const sql = neon("postgres://postgres:secret@db.example.com:5432/postgres");
    const error = await rejection(sql.query("SELECT 1"));
    expect(error.message).toMatch(/loopback/);
    expect(error.message).not.toContain("secret");
    const raw = await post(bridge.httpEndpoint, {
      "Neon-Connection-String": "postgres://postgres:secret@10.0.0.1:5432/postgres",
    });
    expect(raw.status).toBe(400);
  });

  it("any request from a browser (it carries an Origin header)", async () => {
    const res = await post(bridge.httpEndpoint, { Origin: "http://evil.example" });
    expect(res.status).toBe(403);
    const socket = new WebSocket(`ws://${bridge.wsProxy}?address=127.0.0.1:5432`, { origin: "http://evil.example" });
    const status = await new Promise<number | undefined>((resolve) => {
      socket.on("unexpected-response", (_req, response) => resolve(response.statusCode));
      socket.on("open", () => resolve(101));
      socket.on("error", () => resolve(undefined));
    });
    socket.terminate();
    expect(status).toBe(403);
  });

  it("any path but this run's secret ones", async () => {
    const { origin } = new URL(bridge.httpEndpoint);
    expect((await post(`${origin}/sql`)).status).toBe(404);
    expect((await post(`${origin}/v1`)).status).toBe(404);
    expect((await fetch(bridge.httpEndpoint)).status).toBe(405);
    const socket = new WebSocket(`ws://${new URL(bridge.httpEndpoint).host}/v1?address=127.0.0.1:5432`);
    const status = await new Promise<number | undefined>((resolve) => {
      socket.on("unexpected-response", (_req, response) => resolve(response.statusCode));
      socket.on("open", () => resolve(101));
      socket.on("error", () => resolve(undefined));
    });
    socket.terminate();
    expect(status).toBe(404);
  });

  it("answers 503 when the database cannot be reached", async () => {
    const res = await post(bridge.httpEndpoint);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(/unreachable/);
  });
});
