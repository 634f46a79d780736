import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureCurrentBuild } from "./lib/current-build";
import { checkDeploy, parseDryRun, readCheckInputs } from "./lib/deploy-check";

/**
 * `npm run deploy:check` (and part of `npm test` and `npm run deploy`): builds when the sources
 * changed, asks wrangler what it would upload (`wrangler deploy --dry-run`, no account needed), and
 * fails when the Worker would not deploy or a binding the code uses is missing.
 */
const buildDir = ensureCurrentBuild();
const outDir = mkdtempSync(join(tmpdir(), "valuseal-dry-run-"));
let output: string;
try {
  output = execFileSync(
    process.execPath,
    [
      "node_modules/wrangler/bin/wrangler.js",
      "deploy",
      "--dry-run",
      "--outdir",
      outDir,
      "--config",
      join(buildDir, "valuseal", "wrangler.json"),
    ],
    { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" } },
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
const { code, operationsGuide } = readCheckInputs();
const { problems, report } = checkDeploy(parseDryRun(output), code, operationsGuide);
for (const line of report) console.log(line);
if (problems.length > 0) {
  console.error(`Not deployable:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
