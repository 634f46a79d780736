import { aptInstall } from "./lib/apt";
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/**
 * Browser tests drive Debian's Chromium through playwright-core (no browser download):
 * install it with apt when it is missing, as CI starts from a bare Node machine.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(CHROMIUM_PATH)) {
  console.log(`Chromium not found at ${CHROMIUM_PATH}: installing Debian's chromium package...`);
  aptInstall(["chromium", "fonts-liberation"]);
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
