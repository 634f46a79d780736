import { Miniflare } from "miniflare";
import type pg from "pg";
import { startDbBridge } from "../scripts/lib/db-bridge";
import { connectDatabase } from "../worker/db";
import { archiveLogRecords } from "../worker/services/records/log-archive";

/**
 * The hourly job's move of the log's records to R2 (decision 077), run by the bench on demand: the
 * Worker's own function on the server's database (through a database bridge, as the Worker reaches
 * it) and a Miniflare R2 bucket, the one local R2 the dev server uses too.
 */
export interface LogArchiving {
  /** Moves every record logged so far, then vacuums their table as autovacuum would. Entries moved. */
  archiveAll(): Promise<number>;
  /** Bytes of the archive objects written so far. */
  archivedBytes(): Promise<number>;
  close(): Promise<void>;
}

export async function startLogArchiving(databaseUrl: string, pool: pg.Pool): Promise<LogArchiving> {
  const bridge = await startDbBridge();
  const { db, close } = connectDatabase({
    DATABASE_URL: databaseUrl,
    DB_HTTP_ENDPOINT: bridge.httpEndpoint,
    DB_WS_PROXY: bridge.wsProxy,
    DB_CONNECT_TIMEOUT_MS: 10_000,
  });
  const miniflare = new Miniflare({ modules: true, script: "export default {}", r2Buckets: ["EVIDENCE"] });
  const bucket = await miniflare.getR2Bucket("EVIDENCE");
  return {
    async archiveAll() {
      const moved = await archiveLogRecords(db, bucket, 0);
      await pool.query("VACUUM transparency_log_records");
      return moved;
    },
    async archivedBytes() {
      let bytes = 0;
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ cursor });
        bytes += page.objects.reduce((sum, object) => sum + object.size, 0);
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return bytes;
    },
    async close() {
      await close();
      await miniflare.dispose();
      await bridge.close();
    },
  };
}
