import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from "@electric-sql/pglite-socket";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { randomBytes } from "node:crypto";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { PgliteSessionQueue } from "./pglite-session-queue";
import { authenticateConnection, scramVerifier, type ScramVerifier } from "./postgres-auth";
import { makePrivateDirectory, tightenTree } from "./private-files";
import { fatalErrorMessage } from "./ws-bridge";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../../migrations", import.meta.url));

/** The one role clients connect as (PGlite runs everything as it). */
const EMBEDDED_DATABASE_USER = "postgres";

export interface EmbeddedPostgres {
  db: PGlite;
  port: number;
  /** The connection string, password included: keep it out of logs. */
  url: string;
  /** Closes the port and drops every connection, as a stopped database server would; data stays. */
  stopServing(): Promise<void>;
  /** Listens on the same port again. */
  resumeServing(): Promise<void>;
  close(): Promise<void>;
}

/** A password for a database nobody else needs to know (tests, throwaway servers). */
const randomDatabasePassword = () => randomBytes(24).toString("hex");

/**
 * Opens PGlite on `dataDir` (in memory when undefined). A folder on disk is made 0700 and what is in
 * it 0600: PGlite's initdb writes its files as 0666, readable (and writable) by every user of the
 * machine. Files PostgreSQL creates afterwards are 0600 already.
 */
export async function openEmbeddedDatabase(dataDir: string | undefined): Promise<PGlite> {
  if (!dataDir) return PGlite.create("memory://");
  makePrivateDirectory(dataDir);
  const db = await PGlite.create(dataDir);
  tightenTree(dataDir);
  return db;
}

interface Listener {
  port: number;
  stop(): Promise<void>;
}

/**
 * PGlite on a loopback TCP port, with a password. pglite-socket's server hands every connection's
 * bytes to PGlite, which accepts any user and password; here each connection first authenticates
 * with SCRAM-SHA-256 (postgres-auth.ts) and only then gets pglite-socket's handler, which replays
 * its startup message to PGlite.
 */
async function listen(
  queue: PgliteSessionQueue,
  options: { port: number; maxConnections: number; verifier: ScramVerifier },
): Promise<Listener> {
  const sockets = new Set<Socket>();
  const handlers = new Set<PGLiteSocketHandler>();
  const server = createServer((socket) => {
    if (sockets.size >= options.maxConnections) {
      socket.on("error", () => {});
      socket.end(fatalErrorMessage("53300", "sorry, too many clients already"));
      return;
    }
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    void authenticateConnection(socket, { user: EMBEDDED_DATABASE_USER, verifier: options.verifier }).then(
      async (received) => {
        if (!received || socket.destroyed) return;
        const handler = new PGLiteSocketHandler({
          // The library's own queue interleaves connections mid-query; see pglite-session-queue.ts.
          queryQueue: queue as unknown as PGLiteSocketHandlerOptions["queryQueue"],
          closeOnDetach: true,
        });
        handlers.add(handler);
        const forget = () => handlers.delete(handler);
        handler.addEventListener("close", forget);
        handler.addEventListener("error", forget);
        await handler.attach(socket);
        // The startup message (and anything sent since) goes to PGlite as the connection's first bytes.
        socket.unshift(received);
        socket.resume();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...handlers].map((handler) => handler.detach(true)));
      handlers.clear();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/**
 * PGlite (Postgres compiled to WASM) on a TCP port, so the Worker reaches it through the same wire
 * protocol as Neon, with the migrations applied. `dataDir` undefined keeps it in memory (tests).
 * Clients must log in as `postgres` with `password` (random when not given); `url` carries both.
 */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  port?: number;
  maxConnections?: number;
  password?: string;
}): Promise<EmbeddedPostgres> {
  const db = await openEmbeddedDatabase(options.dataDir);
  await migrate(drizzle({ client: db }), { migrationsFolder: MIGRATIONS_FOLDER });
  const password = options.password ?? randomDatabasePassword();
  const verifier = scramVerifier(password);
  const serve = (port: number) =>
    listen(new PgliteSessionQueue(db), { port, maxConnections: options.maxConnections ?? 100, verifier });
  let listener: Listener | null = await serve(options.port ?? 0);
  const port = listener.port;
  const stopServing = async () => {
    await listener?.stop();
    listener = null;
  };
  return {
    db,
    port,
    url: `postgres://${EMBEDDED_DATABASE_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stopServing,
    resumeServing: async () => {
      listener ??= await serve(port);
    },
    close: async () => {
      await stopServing();
      await db.close();
    },
  };
}
