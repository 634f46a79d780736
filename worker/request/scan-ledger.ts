import type { Context } from "hono";
import { errorOfScanFailure, type CountedScan } from "../durable-objects/code-scans-api";
import type { AppEnv } from "../env";
import { DatabaseUnavailableError } from "../lib/errors";
import type { ScanLedger } from "../services/scans/scan-counting";

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
      let answer: CountedScan;
      try {
        // Typed by hand: RPC's serializable types drop a row typed with an index signature (the JSON
        // the database answered is plain data, which RPC carries as it is), and with it the promise.
        answer = await (codeScans.count(database, key, scan) as unknown as Promise<CountedScan>);
      } catch (error) {
        // The object itself failed (overloaded, reset by a deploy, unreachable); it answers the
        // database's failures as values, so this is the way to the database being unavailable.
        throw new DatabaseUnavailableError(`the code's scan object failed: ${(error as Error).message}`);
      }
      if (answer.failure) throw errorOfScanFailure(answer.failure);
      return answer.certificate;
    },
  };
}
