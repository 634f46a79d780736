import { mkdirSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { configuredDatabaseUrl } from "./lib/dev-vars";
import { runPgTool, serverDatabaseUrl } from "./lib/pg-tools";

/**
 * `npm run db:backup [-- --url postgres://… --file backups/x.dump]`: a pg_dump of the configured
 * database (DATABASE_URL, the direct URL) in PostgreSQL's custom format, everything but owners and
 * grants, which a restore into another role's database must not need. Then the file is listed
 * back with pg_restore, so a backup that cannot be read is found now, not on the day it is needed.
 */
const { values } = parseArgs({ options: { url: { type: "string" }, file: { type: "string" } } });
const url = serverDatabaseUrl(values.url, configuredDatabaseUrl());
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = values.file ?? `backups/valuseal-${new URL(url).hostname}-${stamp}.dump`;
mkdirSync(dirname(file), { recursive: true });
runPgTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", "--file", file, "--dbname", url]);
runPgTool("pg_restore", ["--list", file, "--file", "/dev/null"]);
console.log(
  `Backup of ${new URL(url).host} written to ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MiB) and read back.`,
);
