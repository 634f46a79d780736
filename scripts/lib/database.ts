import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { existsSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import pg from "pg";
import * as tables from "#schema/tables.ts";
import { configuredDatabaseUrl } from "./dev-vars";
import { MIGRATIONS_FOLDER, openEmbeddedDatabase } from "./embedded-postgres";

/**
 * VALUSEAL_DATA_DIR moves the embedded database elsewhere, e.g. for the benchmark's throwaway dev
 * server. `npm run dev` keeps this folder 0700: it holds the database, the mail and the database URL.
 */
export const DATA_ROOT = process.env.VALUSEAL_DATA_DIR || ".data";
export const EMBEDDED_DATA_DIR = `${DATA_ROOT}/pglite`;
/** Where the local inbox keeps the emails the app sent (`npm run dev`). */
export const MAIL_DATA_DIR = `${DATA_ROOT}/maildev`;
/** The running `npm run dev`'s database URL (password included, so 0600) and port, for the operator scripts. */
export const DEV_SERVER_FILE = `${DATA_ROOT}/dev-server.json`;

type ScriptDatabase = ReturnType<typeof drizzlePg<typeof tables>> | ReturnType<typeof drizzlePglite<typeof tables>>;

function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

/** The embedded database is held by a running `npm run dev`: reach it through its TCP port then. */
async function runningDevServerUrl(): Promise<string | undefined> {
  if (!existsSync(DEV_SERVER_FILE)) return undefined;
  const { databaseUrl, pgPort } = JSON.parse(readFileSync(DEV_SERVER_FILE, "utf8")) as {
    databaseUrl: string;
    pgPort: number;
  };
  return (await portIsOpen(pgPort)) ? databaseUrl : undefined;
}

/**
 * The configured database for operator scripts: DATABASE_URL, else the embedded database of a
 * running dev server, else the embedded data folder opened directly. Migrations are applied first.
 */
export async function openScriptDatabase(): Promise<{
  db: ScriptDatabase;
  description: string;
  close: () => Promise<void>;
}> {
  const url = configuredDatabaseUrl() ?? (await runningDevServerUrl());
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const db = drizzlePg({ client: pool, schema: tables, casing: "snake_case" });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, description: new URL(url).host, close: () => pool.end() };
  }
  const client = await openEmbeddedDatabase(EMBEDDED_DATA_DIR);
  const db = drizzlePglite({ client, schema: tables, casing: "snake_case" });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, description: `embedded database (${EMBEDDED_DATA_DIR})`, close: () => client.close() };
}
