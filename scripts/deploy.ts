import { execFileSync } from "node:child_process";
import { BUILD_DIR } from "./lib/current-build";
import { configuredDatabaseUrl } from "./lib/dev-vars";
import { pendingMigrations } from "./lib/migration-status";

/**
 * `npm run deploy`: refuses while the production database has migrations not yet applied (the new
 * code would read columns that are not there; docs/decisions/063), then checks the build
 * (scripts/check-deploy.ts: size, bindings) and runs `wrangler deploy` with any arguments given
 * (`npm run deploy -- --dry-run` stops before uploading). DATABASE_URL is the database's direct
 * (unpooled) URL, as for `npm run db:migrate`.
 */
const url = configuredDatabaseUrl();
if (!url) {
  console.error(
    "Set DATABASE_URL to the production database's direct URL: `npm run deploy` checks its migrations first (docs/operations.md).",
  );
  process.exit(1);
}
const pending = await pendingMigrations(url);
if (pending.length > 0) {
  console.error(
    `Not deploying: ${new URL(url).host} has ${pending.length} migration${pending.length === 1 ? "" : "s"} not applied ` +
      `(${pending.join(", ")}). Run \`npm run db:migrate\` against it first (docs/operations.md, Deploying a change).`,
  );
  process.exit(1);
}
console.log(`Migrations: ${new URL(url).host} has every migration applied.`);
const run = (args: string[]) => execFileSync(process.execPath, args, { stdio: "inherit" });
run(["node_modules/tsx/dist/cli.mjs", "scripts/check-deploy.ts"]);
run([
  "node_modules/wrangler/bin/wrangler.js",
  "deploy",
  "--config",
  `${BUILD_DIR}/valuseal/wrangler.json`,
  ...process.argv.slice(2),
]);
