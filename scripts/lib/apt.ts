import { execFileSync } from "node:child_process";

/**
 * Installs Debian packages a test needs (CI starts from a bare Node machine): as root directly,
 * otherwise through sudo, non-interactively.
 */
export function aptInstall(packages: string[]) {
  const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args: string[]) =>
    execFileSync(asRoot[0] ?? args[0]!, asRoot.length ? args : args.slice(1), {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  run(["apt-get", "update"]);
  run(["apt-get", "install", "-y", "--no-install-recommends", ...packages]);
}
