import { spawnSync } from "node:child_process";

/**
 * `tsx scripts/test-projects.ts api api-isolated -- [vitest arguments]`: runs the vitest projects
 * one after another, each its own invocation with its own throwaway database (vitest.config.ts,
 * ISOLATED_FILES), passing the same arguments (a file filter, `-t`) to each; a project left with
 * no file by the filter is skipped. Stops at the first that fails, with its exit code.
 */
const separator = process.argv.indexOf("--");
const projects = process.argv.slice(2, separator < 0 ? undefined : separator);
const vitestArguments = separator < 0 ? [] : process.argv.slice(separator + 1);
for (const project of projects) {
  const run = spawnSync("npx", ["vitest", "run", "--project", project, "--passWithNoTests", ...vitestArguments], {
    stdio: "inherit",
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
