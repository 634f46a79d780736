import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { registerOwnerViaApi } from "./fixtures/accounts";

/**
 * On a slow mobile link every wave of script costs a round trip (issue 51, decision 076): the page
 * itself asks for all the script a signed-in screen needs and for the signed-in user, as it
 * arrives, so none of it waits for the app's entry to run first; the app takes that answer rather
 * than asking again; and the stylesheet, written into the page, is never fetched again.
 */
const browser = useBrowser();

/**
 * The script and stylesheet files a page asks for, by path, how often it asks for the signed-in
 * user, and its API reads (GET, path and query) in the order asked.
 */
function recordFiles(page: Page) {
  const scripts = new Set<string>();
  const stylesheets: string[] = [];
  const reads: string[] = [];
  const recorded = { scripts, stylesheets, reads, sessionRequests: 0 };
  page.on("request", (request) => {
    const { pathname, search } = new URL(request.url());
    if (request.resourceType() === "script") scripts.add(pathname);
    if (request.resourceType() === "stylesheet") stylesheets.push(pathname);
    if (pathname === "/api/auth/user") recorded.sessionRequests += 1;
    if (pathname.startsWith("/api/") && request.method() === "GET") reads.push(pathname + search);
  });
  return recorded;
}

/** The reads the page's guard started that the app has not taken yet (web/lib/early-reads.ts). */
const untakenEarlyReads = (page: Page) =>
  page.evaluate(() => [
    ...((globalThis as { valusealEarlyReads?: { answers: Map<string, unknown> } }).valusealEarlyReads?.answers.keys() ??
      []),
  ]);

/** The scripts `path` asks for by itself: the app's entry refused, so only what the page names is fetched. */
async function scriptsThePageNames(path: string, token: string | null) {
  const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, ...(token ? { token } : {}) });
  const files = recordFiles(page);
  await page.route(/\/assets\/main-[^/]+\.js$/, (route) => route.abort());
  await page.goto(path);
  await expect.poll(() => page.evaluate(() => document.readyState)).toBe("complete");
  await context.close();
  return files;
}

describe("a signed-in screen's script and session", () => {
  it("is all named by the page: the firm's dashboard and a lender's Portfolio fetch nothing the page did not ask for", async () => {
    const firm = await registerOwnerViaApi();
    const lender = await registerOwnerViaApi({ organisationKind: "lender", lenderType: "bank" });
    for (const screen of [
      // The dashboard, the first screen after signing in, is its own chunk: not the rest of the workspace.
      { path: "/dashboard", token: firm.token, heading: "Dashboard", notFetched: "/workspace-routes-" },
      { path: "/portfolio", token: lender.token, heading: "Portfolio", notFetched: "/workspace-routes-" },
    ]) {
      const { scripts: named, sessionRequests: askedByThePage } = await scriptsThePageNames(screen.path, screen.token);
      // The page asks for the signed-in user itself, before the app's script has run…
      expect(askedByThePage, screen.path).toBe(1);
      const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, token: screen.token });
      const fetched = recordFiles(page);
      await page.goto(screen.path);
      await page.getByRole("heading", { level: 1, name: screen.heading }).waitFor();
      const entry = [...fetched.scripts].filter((script) => /\/assets\/main-[^/]+\.js$/.test(script));
      const later = [...fetched.scripts].filter((script) => !named.has(script) && !entry.includes(script));
      expect(later, screen.path).toEqual([]);
      // The frame's and the screen's own chunks are among those the page names.
      expect(
        [...named].some((script) => script.includes("/app-shell-")),
        screen.path,
      ).toBe(true);
      expect(
        [...fetched.scripts].filter((script) => script.includes(screen.notFetched)),
        screen.path,
      ).toEqual([]);
      // Written into the page: the stylesheet is not fetched.
      expect(fetched.stylesheets, screen.path).toEqual([]);
      // …and the app takes that answer: the user is asked for once.
      expect(fetched.sessionRequests, screen.path).toBe(1);
      await context.close();
    }
  });

  it("has its first reads asked for by the page and taken by the app: the dashboard and the Portfolio", async () => {
    const firm = await registerOwnerViaApi();
    const lender = await registerOwnerViaApi({ organisationKind: "lender", lenderType: "bank" });
    for (const screen of [
      { path: "/dashboard", token: firm.token, shown: "No verification codes yet", read: "/api/analytics/stats" },
      { path: "/portfolio", token: lender.token, shown: "No reliance recorded yet", read: "/api/watches?page=1" },
    ]) {
      // Asked for by the page itself, before the app's script has run…
      const { reads: askedByThePage } = await scriptsThePageNames(screen.path, screen.token);
      expect(askedByThePage, screen.path).toContain(screen.read);
      const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, token: screen.token });
      const fetched = recordFiles(page);
      await page.goto(screen.path);
      await page.getByText(screen.shown).first().waitFor();
      // …and each taken by the app, which asks for none of them again.
      await expect.poll(() => untakenEarlyReads(page), { message: screen.path, timeout: 10_000 }).toEqual([]);
      const again = askedByThePage.filter((read) => fetched.reads.filter((asked) => asked === read).length !== 1);
      expect(again, screen.path).toEqual([]);
      await context.close();
    }
  });

  it("is not asked for for a visitor nobody signed in on this device, nor on a public page", async () => {
    const { scripts: named, sessionRequests } = await scriptsThePageNames("/", null);
    expect(sessionRequests).toBe(0);
    const { scripts: signedInNamed } = await scriptsThePageNames("/dashboard", "a-session-kept-on-this-device");
    const signedInOnly = [...signedInNamed].filter((script) => !named.has(script));
    // The signed-in frame and screens are named only where a session is kept.
    expect(signedInOnly.some((script) => script.includes("/app-shell-"))).toBe(true);
    expect([...named].some((script) => script.includes("/app-shell-") || script.includes("/workspace-routes-"))).toBe(
      false,
    );
    // Nor on a public page, where the app shows no signed-in frame whoever is signed in.
    const { scripts: publicNamed } = await scriptsThePageNames("/privacy-policy", "a-session-kept-on-this-device");
    expect([...publicNamed].filter((script) => script.includes("/app-shell-"))).toEqual([]);
  });
});
