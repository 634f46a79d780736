import { execFileSync } from "node:child_process";

/**
 * PostgreSQL's own dump and restore programs. pg_dump refuses a server newer than itself, so a
 * deployment on Neon's PostgreSQL 17 needs version 17's tools: PG_BIN names their folder (e.g.
 * /usr/lib/postgresql/17/bin); otherwise they are found on PATH.
 */
export function pgTool(name: "pg_dump" | "pg_restore"): string {
  const folder = process.env.PG_BIN;
  return folder ? `${folder.replace(/\/+$/, "")}/${name}` : name;
}

/** Runs one of the tools, its output shown; a failure ends the script with the tool's own words. */
export function runPgTool(name: "pg_dump" | "pg_restore", args: string[]) {
  try {
    execFileSync(pgTool(name), args, { stdio: ["ignore", "inherit", "inherit"] });
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    console.error(
      missing
        ? `${name} was not found: install PostgreSQL's client tools (apt-get install postgresql-client) or set PG_BIN.`
        : `${name} failed (above). Its version must be at least the server's: set PG_BIN to a newer one's folder.`,
    );
    process.exit(1);
  }
}

/** The database URL a backup or restore is about: --url, else DATABASE_URL; never the embedded database. */
export function serverDatabaseUrl(given: string | undefined, configured: string | undefined): string {
  const url = given ?? configured;
  if (!url) {
    console.error(
      "Pass --url or set DATABASE_URL to a PostgreSQL server's direct URL (Neon: the unpooled connection string). " +
        "The embedded database of `npm run dev` is one folder (.data/): stop the dev server and copy it.",
    );
    process.exit(1);
  }
  return url;
}
