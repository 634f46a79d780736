import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { registerOwnerViaApi } from "./fixtures/accounts";

/**
 * On a slow mobile link every wave of script costs a round trip (issue 51, decision 076): the page
 * itself asks for all the script a signed-in screen needs, as it arrives, so none of it waits for
 * the app's entry to run first; and the stylesheet, written into the page, is never fetched again.
 */
const browser = useBrowser();

/** The script and stylesheet files a page asks for, by path. */
function recordFiles(page: Page) {
  const scripts = new Set<string>();
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === "script") scripts.add(path);
    if (request.resourceType() === "stylesheet") stylesheets.push(path);
  });
  return { scripts, stylesheets };
}

/** The scripts `path` asks for by itself: the app's entry refused, so only what the page names is fetched. */
async function scriptsThePageNames(path: string, token: string | null) {
  const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, ...(token ? { token } : {}) });
  const files = recordFiles(page);
  await page.route(/\/assets\/main-[^/]+\.js$/, (route) => route.abort());
  await page.goto(path);
  await expect.poll(() => page.evaluate(() => document.readyState)).toBe("complete");
  await context.close();
  return files.scripts;
}

describe("a signed-in screen's script", () => {
  it("is all named by the page: the firm's dashboard and a lender's Portfolio fetch nothing the page did not ask for", async () => {
    const firm = await registerOwnerViaApi();
    const lender = await registerOwnerViaApi({ organisationKind: "lender", lenderType: "bank" });
    for (const screen of [
      { path: "/dashboard", token: firm.token, heading: "Dashboard" },
      { path: "/portfolio", token: lender.token, heading: "Portfolio" },
    ]) {
      const named = await scriptsThePageNames(screen.path, screen.token);
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
      // Written into the page: the stylesheet is not fetched.
      expect(fetched.stylesheets, screen.path).toEqual([]);
      await context.close();
    }
  });

  it("is not fetched for a visitor nobody signed in on this device", async () => {
    const named = await scriptsThePageNames("/", null);
    const signedInNamed = await scriptsThePageNames("/dashboard", "a-session-kept-on-this-device");
    const signedInOnly = [...signedInNamed].filter((script) => !named.has(script));
    // The signed-in frame and screens are named only where a session is kept.
    expect(signedInOnly.some((script) => script.includes("/app-shell-"))).toBe(true);
    expect([...named].some((script) => script.includes("/app-shell-") || script.includes("/workspace-routes-"))).toBe(
      false,
    );
  });
});
