import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { neon, neonConfig, Pool } from "@neondatabase/serverless";
import { drizzle as drizzleOverHttp } from "drizzle-orm/neon-http";
import { drizzle as drizzleOverWebSocket } from "drizzle-orm/neon-serverless";
import * as tables from "../schema/tables";
import type { Config } from "./config";

type HttpDatabase = ReturnType<typeof drizzleOverHttp<typeof tables>>;

/**
 * The everyday handle: each statement, or each `db.batch([...])` (one transaction on the server),
 * is one HTTP request to the database, so one round trip and no connection to open. It cannot run
 * an interactive transaction (read, decide, then write), so `transaction` is left out of its type:
 * a service that needs one asks for a TransactionalDatabase and the compiler enforces it.
 */
export type Database = Omit<HttpDatabase, "transaction">;

/** A WebSocket connection from the pool: only for interactive transactions (see `transactional`). */
export type TransactionalDatabase = ReturnType<typeof drizzleOverWebSocket<typeof tables>>;

/** A handle inside `db.transaction(...)`: a multi-row change and its guards commit or roll back together. */
export type Transaction = Parameters<Parameters<TransactionalDatabase["transaction"]>[0]>[0];

/** What a read-only helper needs; a Database, a TransactionalDatabase and a Transaction all satisfy it. */
export type Reader = Pick<Queryable, "select">;

/** The database of one request (or one queue batch, one cron run). */
interface DatabaseHandles {
  db: Database;
  /** Opens the WebSocket pool on first use: only requests with an interactive transaction pay for it. */
  transactional: () => TransactionalDatabase;
  /** Ends the pool if one was opened (Workers may not share sockets across requests). */
  close: () => Promise<void>;
}

/**
 * Locally the Neon driver is pointed at scripts/lib/db-bridge.ts instead of Neon: DB_HTTP_ENDPOINT
 * for statements over HTTP, DB_WS_PROXY for the WebSocket pool, so the code that runs here is the
 * code that runs on Neon. neonConfig is per isolate; every request sets the same values.
 */
function pointDriverAt(config: DatabaseConfig) {
  if (config.DB_HTTP_ENDPOINT) {
    const endpoint = config.DB_HTTP_ENDPOINT;
    neonConfig.fetchEndpoint = () => endpoint;
  }
  if (config.DB_WS_PROXY) {
    const proxy = config.DB_WS_PROXY;
    neonConfig.wsProxy = (host, port) => `${proxy}?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
}

/** What reaching the database takes: a request's Config has it, and so does a call to a code's Durable Object. */
export type DatabaseConfig = Pick<
  Config,
  "DATABASE_URL" | "DB_HTTP_ENDPOINT" | "DB_WS_PROXY" | "DB_CONNECT_TIMEOUT_MS"
>;

export function connectDatabase(config: DatabaseConfig): DatabaseHandles {
  pointDriverAt(config);
  const db: Database = drizzleOverHttp({
    client: neon(config.DATABASE_URL),
    schema: tables,
    casing: "snake_case",
  });
  let pool: Pool | null = null;
  let pooled: TransactionalDatabase | null = null;
  return {
    db,
    transactional: () => {
      if (!pooled) {
        pool = new Pool({
          connectionString: config.DATABASE_URL,
          connectionTimeoutMillis: config.DB_CONNECT_TIMEOUT_MS,
        });
        // An idle client erroring (database restarted) must not crash the request.
        pool.on("error", () => {});
        pooled = drizzleOverWebSocket({ client: pool, schema: tables, casing: "snake_case" });
      }
      return pooled;
    },
    close: async () => {
      await pool?.end();
    },
  };
}

/**
 * Any handle a statement can run on: the HTTP database, the pool, or a transaction. For helpers
 * that run both inside a transaction and on their own.
 */
export type Queryable = Omit<
  PgDatabase<PgQueryResultHKT, typeof tables, ExtractTablesWithRelations<typeof tables>>,
  "transaction"
>;

/** A handle that can open a transaction: the pool, or a transaction (which then nests as a savepoint). */
export type Transactional = TransactionalDatabase | Transaction;
