import type { Context } from "hono";
import type { CountedScan } from "../durable-objects/code-scans";
import type { AppEnv } from "../env";
import { DatabaseUnavailableError } from "../lib/errors";
import type { ScanLedger } from "../services/scan-verification";

/**
 * The request's scan ledger: counted visits go through the code's Durable Object (CodeScans), which
 * batches a code's simultaneous scans, on the request's own database; reads and orphan scans use
 * the request's database handle.
 */
export function scanLedger(c: Context<AppEnv>): ScanLedger {
  const { DATABASE_URL, DB_HTTP_ENDPOINT, DB_WS_PROXY, DB_CONNECT_TIMEOUT_MS } = c.var.config;
  const database = { DATABASE_URL, DB_HTTP_ENDPOINT, DB_WS_PROXY, DB_CONNECT_TIMEOUT_MS };
  return {
    db: c.var.db,
    async count(key, scan) {
      const codeScans = c.env.CODE_SCANS.get(c.env.CODE_SCANS.idFromName(`${key.column}:${key.value}`));
      // Typed by hand: RPC's serializable types drop a row typed with an index signature (the JSON
      // the database answered is plain data, which RPC carries as it is).
      const { certificate, failure } = (await codeScans.count(database, key, scan)) as CountedScan;
      if (!failure) return certificate;
      if (failure.unavailable) throw new DatabaseUnavailableError(failure.reason);
      throw new Error(`scan not counted: ${failure.reason}`);
    },
  };
}
