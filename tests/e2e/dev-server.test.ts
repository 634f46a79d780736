import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer, type DevServer } from "#scripts/lib/dev-server.ts";
import { totpCode } from "../shared/second-factor";
import { OWNER_PASSWORD, ownerRegistration } from "../shared/accounts";
import { RECENT_VALUATION } from "../shared/dates";
import { launchChromium } from "./fixtures/browser";

/**
 * `npm run dev` itself (not the production build the other browser tests use), started from an
 * empty dependency-optimizer cache on free ports with a throwaway database: a signed-in screen
 * opened first, a lazily loaded screen, the admin screens and the two check pages each render
 * their heading, styled, with no console error, no page error and no dependency re-optimized
 * mid-session (which loads a second copy of React: "Invalid hook call" and a blank page). The
 * check pages also prove their dev-server Content-Security-Policy admits what Vite injects.
 */

/**
 * Above the starter's own limit (two attempts of up to 4 minutes each: a first optimize and the
 * gazetteer load take a while on a busy 2-core machine), so the starter always returns or throws,
 * and cleans up, before the hook could give up on it.
 */
const START_TIMEOUT_MS = 600_000;
const STOP_TIMEOUT_MS = 120_000;
/** A dev server transforms each module on first request: the first screens take seconds. */
const SCREEN_TIMEOUT_MS = 60_000;

/**
 * What Vite prints when it optimizes dependencies after start-up: "dependencies optimized: x, y",
 * "optimized dependencies changed. reloading", its advice to list them, or a failed re-run.
 */
const REOPTIMIZED =
  /(?:dependency|dependencies) optimized:|optimized dependencies changed|to optimizeDeps\.include|error while updating dependencies/i;

let server: DevServer | undefined;
let browser: Browser | undefined;
let cacheDir: string | undefined;
/** Every console error and uncaught page error, of every page, for the whole run. */
const problems: string[] = [];
/**
 * Each optimized dependency file the pages loaded (`…/deps/react.js`), with the versions (`?v=`)
 * they asked for: a re-optimization gives every file a new version, so a page opened after it
 * loads React again beside the copy an earlier module still holds.
 */
const dependencyVersions = new Map<string, Set<string>>();

async function api<T = any>(path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${server!.origin}${path}`, {
    method: options.body === undefined ? "GET" : "POST",
    headers: {
      "Content-Type": "application/json",
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The token of the /confirm-email link the dev server's own inbox (MailDev) received for this address. */
async function confirmationToken(email: string): Promise<string | undefined> {
  const res = await fetch(`${server!.inboxUrl}/api/email?${new URLSearchParams({ "to.address": email })}`);
  const emails = (await res.json()) as { text: string }[];
  for (const match of emails.flatMap((message) => [...message.text.matchAll(/https?:\/\/\S+/g)])) {
    const url = new URL(match[0]);
    if (url.pathname === "/confirm-email") return url.searchParams.get("token") ?? undefined;
  }
  return undefined;
}

/** A page in a fresh context, signed in from the first script on, whose errors and dependency loads are recorded. */
async function signedInPage(token: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser!.newContext({ baseURL: server!.origin, viewport: { width: 1280, height: 800 } });
  await context.addInitScript((value) => localStorage.setItem("token", value), token);
  const page = await context.newPage();
  page.setDefaultTimeout(SCREEN_TIMEOUT_MS);
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error on ${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  page.on("request", (request) => {
    const url = new URL(request.url());
    const version = url.searchParams.get("v");
    if (!url.pathname.includes("/deps/") || !version) return;
    dependencyVersions.set(url.pathname, (dependencyVersions.get(url.pathname) ?? new Set()).add(version));
  });
  return { page, context };
}

/** The h1's typeface and size: Inter at the page-title step (24 px) once the app's CSS applies, the browser's serif at 32 px without it. */
const headingStyle = (page: Page) =>
  page.getByRole("heading", { level: 1 }).evaluate((heading) => ({
    fontFamily: getComputedStyle(heading).fontFamily,
    fontSize: getComputedStyle(heading).fontSize,
  }));

/** Opens the path and waits for its one h1, with this text, in the app's typeface and type scale. */
async function expectStyledScreen(page: Page, path: string, title: string) {
  await page.goto(path);
  const heading = page.getByRole("heading", { level: 1 });
  await heading.filter({ hasText: title }).waitFor({ state: "visible" });
  expect(await heading.innerText(), path).toBe(title);
  // Under the dev server, a stylesheet arrives as a <style> element /@vite/client adds once the page's
  // module has loaded, possibly after the heading is already in the document: wait for it.
  try {
    await expect
      .poll(() => headingStyle(page), { timeout: SCREEN_TIMEOUT_MS, interval: 100, message: `${path} is styled` })
      .toEqual({ fontFamily: expect.stringMatching(/^"Inter Variable"/), fontSize: "24px" });
  } catch (error) {
    // An unstyled page usually says why in its console (e.g. a refused inline <style>).
    if (error instanceof Error && problems.length)
      error.message += `\nConsole and page errors so far:\n${problems.join("\n")}`;
    throw error;
  }
}

describe("npm run dev, from an empty dependency-optimizer cache", () => {
  beforeAll(async () => {
    cacheDir = mkdtempSync(join(tmpdir(), "valuseal-vite-cache-"));
    server = await startDevServer({ label: "dev-server-test", env: { VALUSEAL_VITE_CACHE_DIR: cacheDir } });
    browser = await launchChromium();
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    try {
      await browser?.close();
    } finally {
      await server?.stop();
      if (cacheDir) rmSync(cacheDir, { recursive: true, force: true });
    }
  }, STOP_TIMEOUT_MS);

  it(
    "renders a signed-in screen opened first, a code, the admin screen and the check pages, styled and without an error",
    { timeout: 300_000 },
    async () => {
      const email = `dev-server.${Date.now().toString(36)}@example.com`;
      await api("/api/register", { body: ownerRegistration(email, "Dev Server Valuers Ltd") });
      const owner = await api<{ token: string }>("/api/login", { body: { email, password: OWNER_PASSWORD } });

      // The first page the browser opens: a signed-in screen, with no optimizer cache at all.
      const { page, context } = await signedInPage(owner.token);
      await expectStyledScreen(page, "/dashboard", "Dashboard");

      // Issuing a code needs a confirmed email: follow the link the dev server's inbox received.
      let token: string | undefined;
      await expect
        .poll(async () => (token = await confirmationToken(email)), { timeout: SCREEN_TIMEOUT_MS, interval: 250 })
        .toBeDefined();
      await api("/api/auth/confirm-email", { body: { token } });
      const valuer = await api<{ id: number }>("/api/valuers", {
        token: owner.token,
        body: { name: "Jane Wanjiku", phone: "+254700111222", qualification: "MRICS" },
      });
      const code = await api<{ id: number; publicToken: string }>("/api/qr-codes", {
        token: owner.token,
        body: {
          propertyType: "Real Estate",
          propertyAddress: "12 Riverside Drive, Westlands, Nairobi",
          propertyReference: "VAL-2025-001",
          marketValue: 45000000,
          currency: "KES",
          valuationDate: RECENT_VALUATION.dayMonthYear,
          valuerId: valuer.id,
        },
      });
      // Opened by address: the code's screen and its panels load as chunks of their own.
      await expectStyledScreen(page, `/qr/${code.id}`, "12 Riverside Drive, Westlands, Nairobi");

      // The check pages: their own entry (check.html) under the Worker's Content-Security-Policy.
      await expectStyledScreen(page, "/verify", "Verify a valuation report");
      await expectStyledScreen(page, `/v/${code.publicToken}/check`, "Check a copy of this report");
      await context.close();

      // An administrator made the way an operator does, against this dev server's database.
      const adminEmail = `dev-server-admin.${Date.now().toString(36)}@example.com`;
      await promisify(execFile)(
        process.execPath,
        [
          "node_modules/tsx/dist/cli.mjs",
          "scripts/admin-create.ts",
          "--email",
          adminEmail,
          "--password",
          OWNER_PASSWORD,
        ],
        { env: { ...process.env, DATABASE_URL: server!.databaseUrl } },
      );
      const admin = await api<{ token: string }>("/api/login", {
        body: { email: adminEmail, password: OWNER_PASSWORD },
      });
      // The admin screens open only in a session that proved a second factor (docs/decisions/027).
      const { secret } = await api<{ secret: string }>("/api/profile/security/totp", {
        token: admin.token,
        body: { currentPassword: OWNER_PASSWORD },
      });
      await api("/api/profile/security/totp/confirm", { token: admin.token, body: { code: totpCode(secret) } });
      const { page: adminPage, context: adminContext } = await signedInPage(admin.token);
      await expectStyledScreen(adminPage, "/admin", "Admin Dashboard");
      await adminContext.close();

      expect(problems, "console and page errors").toEqual([]);
      const reoptimized = server!
        .output()
        .split("\n")
        .filter((line) => REOPTIMIZED.test(line));
      expect(reoptimized, "the dev server optimized dependencies mid-session").toEqual([]);
      expect(dependencyVersions.size, "optimized dependencies loaded").toBeGreaterThan(0);
      const reloaded = [...dependencyVersions].filter(([, versions]) => versions.size > 1);
      expect(
        reloaded.map(([file]) => file),
        "optimized dependencies loaded in two versions",
      ).toEqual([]);
    },
  );
});
