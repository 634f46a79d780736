import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { createOwnerWithCodesViaApi } from "./fixtures/codes";
import { queryAppDatabase } from "./fixtures/database";
import { recordViolations } from "./fixtures/csp";
import { decodeQrImage } from "./fixtures/qr-images";

/**
 * The landing page a visitor sees at /: its sections and the live demo code.
 */
const browser = useBrowser();

/** The platform's counts as the landing page's figures define them (codes by the companies' counters), read from the database. */
async function platformCounts() {
  const { rows } = await queryAppDatabase(
    `SELECT
      (SELECT count(*) FROM companies
        WHERE kind = 'issuer' AND verification_status = 'verified' AND is_active AND suspended_at IS NULL) AS firms,
      (SELECT coalesce(sum(qr_code_count), 0) FROM companies) AS codes,
      (SELECT count(*) FROM scan_events WHERE counted AND qr_code_id IS NOT NULL
        AND scanned_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS scans`,
    [],
  );
  const [row] = rows as { firms: string; codes: string; scans: string }[];
  return { verifiedFirms: Number(row!.firms), codesIssued: Number(row!.codes), scansThisMonth: Number(row!.scans) };
}

describe("landing page", () => {
  it("on a phone keeps the top bar on one row and every button readable (axe colour contrast)", async () => {
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await page.goto("/");
    const dashboardButton = page.getByRole("button", { name: "Valuer Dashboard" });
    await dashboardButton.waitFor();
    // One row: the brand and the button share a line, and the button's text fits inside it.
    const [brand, button] = [
      (await page.getByRole("link", { name: "ValuSeal" }).first().boundingBox())!,
      (await dashboardButton.boundingBox())!,
    ];
    expect(Math.abs(brand.y + brand.height / 2 - (button.y + button.height / 2))).toBeLessThan(4);
    expect(await dashboardButton.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expectNoHorizontalScroll(page);
    // The keyboard's first stop skips the top bar to the page's content.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");

    await page.evaluate(await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8"));
    const results = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
      const { passes, violations, incomplete } = await axe.run(
        { include: [["button"]] },
        { runOnly: { type: "rule", values: ["color-contrast"] } },
      );
      const texts = (results: typeof passes) =>
        results.flatMap((result) =>
          result.nodes.map((node) => document.querySelector(String(node.target[0]))?.textContent?.trim()),
        );
      return { passes: texts(passes), violations: texts(violations), incomplete: texts(incomplete) };
    });
    // Every landing button is measured and passes; none is left undecided (as over a gradient).
    expect(results.violations).toEqual([]);
    expect(results.incomplete).toEqual([]);
    expect(results.passes).toEqual(
      expect.arrayContaining(["Valuer Dashboard", "Start Free Trial", "Sign In", "Create your free account"]),
    );
    await context.close();
  });

  it("shows the marketing sections, tiles counted from the platform and a live demo code that decodes to our address", async () => {
    // A verified firm with codes, whichever files ran before; counted on the first visit after this (decision 053).
    await createOwnerWithCodesViaApi();
    await queryAppDatabase("DELETE FROM platform_figures", []);
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await page.goto("/");
    await page.getByRole("button", { name: "Valuer Dashboard" }).waitFor();
    await expect(page.getByRole("button", { name: "Start Free Trial" }).isVisible()).resolves.toBe(true);
    await page.locator("dl[aria-busy=false]").waitFor();
    const shown = async (figure: string) =>
      Number((await page.locator(`[data-figure="${figure}"] dd`).innerText()).replace(/,/g, ""));
    const tiles = {
      verifiedFirms: await shown("verified-firms"),
      codesIssued: await shown("codes-issued"),
      scansThisMonth: await shown("scans-this-month"),
    };
    const after = await platformCounts();
    // Other files add (and delete) codes, firms and scans meanwhile: a figure is within what they
    // change in a moment of the database's own count, which an invented or miscounted one is not.
    for (const figure of ["verifiedFirms", "codesIssued", "scansThisMonth"] as const) {
      expect(Math.abs(tiles[figure] - after[figure]), figure).toBeLessThanOrEqual(25);
    }
    expect(tiles.codesIssued).toBeGreaterThanOrEqual(2);
    expect(tiles.verifiedFirms).toBeGreaterThanOrEqual(1);
    const body = await page.locator("body").innerText();
    for (const text of ["Signed", "Firms verified by ValuSeal", "Codes issued", "Scans this month", "London"]) {
      expect(body).toContain(text);
    }
    // No figure nobody counted.
    for (const invented of ["100%", "500+", "50K+", "24/7"]) expect(body).not.toContain(invented);
    expect(body).toMatch(/alerted each time a code is scanned/);
    await page.getByRole("link", { name: "I'm a lender" }).waitFor();
    await expectNoHorizontalScroll(page);
    const demo = page.getByAltText(/Demo verification QR code/);
    await demo.waitFor();
    const decoded = await decodeQrImage(page, (await demo.getAttribute("src"))!);
    expect(decoded).toBe(`${browser.appUrl}/v/demo`);
    // On a phone the code is tapped, not scanned: it opens the same sample.
    await demo.click();
    await page.waitForURL("**/v/demo");
    await context.close();
  });

  it("shows the packs from the price list Billing charges, in shillings and on request in dollars", async () => {
    const { page } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await page.goto("/");
    const prices = page.getByRole("region", { name: "Prices" });
    const ten = prices.getByRole("listitem").filter({ hasText: "10 codes" });
    await ten.getByText("KSh 5,000.00", { exact: true }).waitFor();
    await ten.getByText("+ VAT KSh 800.00").waitFor();
    await ten.getByText("KSh 500.00 a code").waitFor();
    await prices.getByText(/Prices exclude VAT, which is added at checkout/).waitFor();
    await prices.getByRole("button", { name: "Prices in US dollars" }).click();
    await prices
      .getByRole("listitem")
      .filter({ hasText: "200 codes" })
      .getByText("$ 600.00", { exact: true })
      .waitFor();
    await expectNoHorizontalScroll(page);
  });

  it("keeps Loading... when the demo request fails", async () => {
    const { page, context } = await browser.newPage();
    await page.route("**/api/demo-qr", (route) => route.fulfill({ status: 500, body: "{}" }));
    const failed = page.waitForResponse("**/api/demo-qr");
    await page.goto("/");
    await page.getByText("Loading...").waitFor();
    await failed;
    // The page has handled the failed answer once it has nothing left to do.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(await page.getByText("Loading...").isVisible()).toBe(true);
    await context.close();
  });
});

describe("what the page draws before the app's script arrives (drawn ahead of time, decisions 075 and 078)", () => {
  const HEADLINE = "Stop forged valuation reports";
  /** A page whose scripts never arrive (a mobile link that stalls): only what index.html holds shows. */
  async function withoutScripts(options: Parameters<typeof browser.newPage>[0] & { path: string }) {
    const opened = await browser.newPage(options);
    await opened.page.route(/\.js(\?.*)?$/, (route) => route.abort());
    const takeViolations = await recordViolations(opened.page);
    const fonts: string[] = [];
    opened.page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
    });
    await opened.page.goto(options.path);
    await opened.page.locator("#root").waitFor({ state: "attached" });
    return { ...opened, takeViolations, fonts };
  }

  it("is readable at / for a visitor not signed in, its one inline script allowed by the policy", async () => {
    const { page, context, takeViolations } = await withoutScripts({ path: "/", viewport: PHONE_VIEWPORT });
    await page.getByRole("heading", { name: HEADLINE }).waitFor();
    await page.getByRole("link", { name: "Privacy Policy" }).first().waitFor();
    await expectNoHorizontalScroll(page);
    expect(await takeViolations()).toEqual([]);
    await context.close();
  });

  it("stays hidden where the app would show something else: another address, a kept session, Swahili", async () => {
    for (const options of [
      { path: "/dashboard" },
      { path: "/", token: "a-session-kept-on-this-device" },
      { path: "/", locale: "sw-KE" },
      { path: "/?lang=sw" },
    ]) {
      const { page, context, takeViolations } = await withoutScripts(options);
      await expect.poll(() => page.evaluate(() => document.readyState)).toBe("complete");
      expect(await page.getByRole("heading", { name: HEADLINE }).isVisible(), JSON.stringify(options)).toBe(false);
      expect(await takeViolations()).toEqual([]);
      await context.close();
    }
  });

  it("hands over to the app's own landing page once it runs: one headline, the copy gone", async () => {
    const { page, context } = await browser.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Valuer Dashboard" }).waitFor();
    expect(await page.locator("#landing-prerender").count()).toBe(0);
    expect(await page.getByRole("heading", { name: HEADLINE }).count()).toBe(1);
    await context.close();
  });

  describe("the signed-in frame's outline, for a device that keeps a session", () => {
    const TOKEN = "a-session-kept-on-this-device";
    const outline = (page: Page) => page.locator("#shell-prerender");

    it("is drawn at once at a signed-in screen's address, before any script has arrived", async () => {
      for (const path of ["/", "/dashboard", "/portfolio", "/qr-history", "/admin/users"]) {
        const { page, context, takeViolations, fonts } = await withoutScripts({
          path,
          token: TOKEN,
          viewport: PHONE_VIEWPORT,
        });
        // The product's name in the header, and the screen announced as loading.
        await outline(page).getByText("ValuSeal", { exact: true }).waitFor();
        expect(await outline(page).getByRole("status").isVisible(), path).toBe(true);
        expect(await page.getByRole("heading", { name: HEADLINE }).isVisible(), path).toBe(false);
        await expectNoHorizontalScroll(page);
        expect(await takeViolations(), path).toEqual([]);
        // In the system's font: on a slow link Inter's download would take the script's bandwidth.
        await expect.poll(() => page.evaluate(() => document.readyState)).toBe("complete");
        expect(fonts, path).toEqual([]);
        await context.close();
      }
    });

    it("is not drawn on the public pages, nor for a visitor nobody signed in", async () => {
      for (const options of [
        { path: "/privacy-policy", token: TOKEN },
        { path: "/qr-view", token: TOKEN },
        { path: "/invite/x7Kp2", token: TOKEN },
        { path: "/dashboard" },
      ]) {
        const { page, context } = await withoutScripts(options);
        await expect.poll(() => page.evaluate(() => document.readyState)).toBe("complete");
        expect(await outline(page).isVisible(), JSON.stringify(options)).toBe(false);
        await context.close();
      }
    });

    it("hands over to the app's own screen once it runs: the dashboard, the copy gone", async () => {
      const owner = await registerOwnerViaApi();
      const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, token: owner.token });
      await page.goto("/dashboard");
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
      expect(await outline(page).count()).toBe(0);
      expect(await page.locator("html").getAttribute("data-prerender")).toBe(null);
      await context.close();
    });
  });
});
