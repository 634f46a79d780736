import { neonConfig, Pool } from "@neondatabase/serverless";
import { drizzle } from "drizzle-orm/neon-serverless";
import * as tables from "../schema/tables";
import type { Config } from "./config";

export type Database = ReturnType<typeof drizzle<typeof tables>>;

/** A handle inside `db.transaction(...)`: a multi-row change and its guards commit or roll back together. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What a read-only helper needs; both a Database and a Transaction satisfy it. */
export type Reader = Pick<Database, "select">;

/**
 * One Pool per request, ended with waitUntil: Workers may not share sockets across requests.
 * Locally DB_WS_PROXY points the Neon driver at scripts/lib/ws-bridge.ts instead of Neon's proxy,
 * so the code that runs here is the code that runs on Neon.
 */
export function connectDatabase(config: Config): { db: Database; close: () => Promise<void> } {
  if (config.DB_WS_PROXY) {
    const proxy = config.DB_WS_PROXY;
    neonConfig.wsProxy = (host, port) => `${proxy}?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  const pool = new Pool({ connectionString: config.DATABASE_URL, connectionTimeoutMillis: 5000 });
  // An idle client erroring (database restarted) must not crash the request.
  pool.on("error", () => {});
  const db = drizzle({ client: pool, schema: tables, casing: "snake_case" });
  return { db, close: () => pool.end() };
}
