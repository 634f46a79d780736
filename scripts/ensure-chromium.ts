import { aptInstall } from "./lib/apt";
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/**
 * Browser tests drive Debian's Chromium through playwright-core (no browser download): its headless
 * shell, the same Blink without the desktop browser around it, which needs less than half the CPU
 * of full Chromium in headless mode (why: docs/decisions/036-browser-tests-on-the-headless-shell.md).
 * It is installed with apt when missing, as CI starts from a bare Node machine.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

if (!existsSync(CHROMIUM_PATH)) {
  console.log(`Chromium not found at ${CHROMIUM_PATH}: installing Debian's chromium-headless-shell package...`);
  aptInstall(["chromium-headless-shell", "fonts-liberation"]);
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
