import { execFileSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LOG_SCANS_FUNCTION } from "#worker/services/scans/log-scans-function.ts";
import { MIGRATIONS_FOLDER } from "./lib/embedded-postgres";

/**
 * `npm run db:scan-function`: a new migration that installs the scan function as the Worker's code
 * now defines it (LOG_SCANS_FUNCTION). Run it after changing the counting statement or the
 * certificate's columns; tests/migrations/scan-function.test.ts fails until then. A changed
 * signature (parameters or result) is a new function beside the old one: Workers of the previous
 * release still call the old one until the deploy ends, so keep it for a release as a wrapper that
 * calls the new one (as 0028 and 0031 do), drop any earlier wrapper in the migration written, and change
 * the number of parameters the test looks for.
 */
const before = new Set(readdirSync(MIGRATIONS_FOLDER));
execFileSync("npx", ["drizzle-kit", "generate", "--custom", "--name", "scan_function"], { stdio: "inherit" });
const [created] = readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith(".sql") && !before.has(file));
if (!created) throw new Error("drizzle-kit generate wrote no migration");
const path = join(MIGRATIONS_FOLDER, created);
// drizzle-kit's placeholder comment is replaced.
writeFileSync(
  path,
  "-- The scan path's database function (worker/services/scans/log-scans-function.ts, LOG_SCANS_FUNCTION),\n" +
    "-- written by `npm run db:scan-function`: Postgres keeps its statement's plan per connection.\n" +
    `${LOG_SCANS_FUNCTION}\n`,
);
console.log(`wrote ${path}`);
