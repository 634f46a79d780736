import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * `npm run test:e2e` and the bench serve the production build, so they need one that matches the sources. A full
 * `vite build` takes most of a minute on two cores, which made a single browser test slow to start;
 * the build is skipped when nothing that goes into it changed since the last one (a hash of every
 * input file, tracked or not, stored beside the build).
 */
/** Where the production build goes (vite.config.ts reads the same variable). */
export const BUILD_DIR = process.env.VALUSEAL_BUILD_DIR ?? "dist";
const STAMP = join(BUILD_DIR, ".build-inputs-sha256");
const INPUT_FOLDERS = ["web", "worker", "schema", "verifier", "public"];
const INPUT_FILES = [
  "index.html",
  "check.html",
  "vite.config.ts",
  "wrangler.toml",
  "package-lock.json",
  "scripts/build-verifier.ts",
  "scripts/build-landing.ts",
  "scripts/lib/inline-script.ts",
  // Vite plugins of our own that change what the build writes.
  "scripts/lib/scalar-reference.ts",
  "scripts/lib/worker-bundle-plugins.ts",
  "scripts/lib/client-chunks.ts",
];

function buildInputsHash(): string {
  const listed = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "--", ...INPUT_FOLDERS], {
    encoding: "utf8",
  })
    .split("\n")
    .filter(Boolean);
  const hash = createHash("sha256");
  // The build's own switches change its output too.
  hash.update(`sourcemap=${process.env.VALUSEAL_SOURCEMAP ?? ""}\n`);
  for (const file of [...INPUT_FILES, ...listed].sort()) {
    if (!existsSync(file)) continue;
    hash.update(`${file}\n`).update(readFileSync(file)).update("\n");
  }
  return hash.digest("hex");
}

/** Builds the app into BUILD_DIR unless the build there matches the sources; answers the folder. */
export function ensureCurrentBuild(): string {
  const inputs = buildInputsHash();
  const built = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : "";
  if (built === inputs && existsSync(join(BUILD_DIR, "valuseal", "wrangler.json"))) {
    console.log(`The build in ${BUILD_DIR}/ matches the sources: not building again.`);
  } else {
    execFileSync(process.execPath, ["node_modules/vite/bin/vite.js", "build"], { stdio: "inherit" });
    for (const script of ["scripts/build-verifier.ts", "scripts/build-landing.ts"]) {
      execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", script], { stdio: "inherit" });
    }
    writeFileSync(STAMP, `${inputs}\n`);
  }
  return BUILD_DIR;
}
