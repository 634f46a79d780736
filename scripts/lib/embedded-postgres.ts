import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { fileURLToPath } from "node:url";
import { PgliteSessionQueue } from "./pglite-session-queue";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../migrations", import.meta.url));

export interface EmbeddedPostgres {
  db: PGlite;
  port: number;
  url: string;
  /** Closes the port and drops every connection, as a stopped database server would; data stays. */
  stopServing(): Promise<void>;
  /** Listens on the same port again. */
  resumeServing(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite (Postgres compiled to WASM) on a TCP port, so the Worker reaches it through the
 * same wire protocol as Neon. `dataDir` undefined keeps it in memory (tests).
 */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  port?: number;
  maxConnections?: number;
}): Promise<EmbeddedPostgres> {
  const db = await PGlite.create(options.dataDir ?? "memory://");
  await migrate(drizzle({ client: db }), { migrationsFolder: MIGRATIONS_FOLDER });
  const serve = async (port: number) => {
    const server = new PGLiteSocketServer({
      db,
      host: "127.0.0.1",
      port,
      maxConnections: options.maxConnections ?? 100,
    });
    // The library's own queue interleaves connections mid-query; see pglite-session-queue.ts.
    (server as unknown as { queryQueue: PgliteSessionQueue }).queryQueue = new PgliteSessionQueue(db);
    await server.start();
    return server;
  };
  let server: PGLiteSocketServer | null = await serve(options.port ?? 0);
  const port = Number(server.getServerConn().split(":").pop());
  const stopServing = async () => {
    await server?.stop();
    server = null;
  };
  return {
    db,
    port,
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stopServing,
    resumeServing: async () => {
      server ??= await serve(port);
    },
    close: async () => {
      await stopServing();
      await db.close();
    },
  };
}
