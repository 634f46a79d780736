import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/**
 * Browser tests drive Debian's Chromium through playwright-core (no browser download):
 * install it with apt when it is missing, as CI starts from a bare Node machine.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(CHROMIUM_PATH)) {
  console.log(`Chromium not found at ${CHROMIUM_PATH}: installing Debian's chromium package...`);
  const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args: string[]) =>
    execFileSync(asRoot[0] ?? args[0]!, asRoot.length ? args : args.slice(1), {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  run(["apt-get", "update"]);
  run(["apt-get", "install", "-y", "--no-install-recommends", "chromium", "fonts-liberation"]);
}

/** Debian's Chromium, headless, with the flags this sandboxed, offline machine needs (tests and bench). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-quic",
      "--no-first-run",
      "--disable-sync",
    ],
  });
}
