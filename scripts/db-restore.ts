import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { runPgTool, serverDatabaseUrl } from "./lib/pg-tools";

/**
 * `npm run db:restore -- --url postgres://… --file backups/x.dump`: restores a backup made by
 * `npm run db:backup` into an empty database (a new Neon branch or database; docs/operations.md,
 * Restoring), in one transaction: it either all arrives or nothing does. A database that already
 * has tables is refused, so a restore can never land on top of live data.
 */
const { values } = parseArgs({ options: { url: { type: "string" }, file: { type: "string" } } });
if (!values.url || !values.file) {
  console.error("Usage: npm run db:restore -- --url <empty database's direct URL> --file <backup.dump>");
  process.exit(1);
}
const url = serverDatabaseUrl(values.url, undefined);
if (!existsSync(values.file)) {
  console.error(`${values.file} does not exist.`);
  process.exit(1);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query<{ tables: number }>(
  `SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
);
await client.end();
if (rows[0]!.tables > 0) {
  console.error(
    `Not restoring: ${new URL(url).host}${new URL(url).pathname} already has ${rows[0]!.tables} tables. ` +
      "Restore into an empty database or a new branch, check it, then point the Worker at it.",
  );
  process.exit(1);
}
runPgTool("pg_restore", [
  "--no-owner",
  "--no-privileges",
  "--exit-on-error",
  "--single-transaction",
  "--dbname",
  url,
  values.file,
]);
console.log(`Restored ${values.file} into ${new URL(url).host}${new URL(url).pathname}.`);
