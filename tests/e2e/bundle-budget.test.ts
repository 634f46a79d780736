import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./fixtures/browser";

const browser = useBrowser();
const LANDING_BUDGET_BYTES = 120 * 1024;

/** Opens a page as a fresh visitor and returns every script it downloaded, with gzipped sizes. */
async function scriptsLoaded(path: string) {
  const { page, context } = await browser.newPage();
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await context.close();
  return scripts;
}

describe("front-end weight", () => {
  it(`the landing page downloads at most ${LANDING_BUDGET_BYTES / 1024} KB of gzipped JavaScript, and no workspace or admin code`, async () => {
    const scripts = await scriptsLoaded("/");
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    console.log(`landing page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${scripts.size} files`);
    expect(total).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
    const names = [...scripts.keys()].join(" ");
    expect(names).not.toMatch(/workspace-routes|admin-page|app-shell/);
  });

  it("a protected path opened while signed out still downloads only the landing page's code", async () => {
    const scripts = await scriptsLoaded("/admin/users");
    expect([...scripts.keys()].join(" ")).not.toMatch(/workspace-routes|admin-page|app-shell/);
  });
});
