import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREEN_POLL, useBrowser } from "./fixtures/browser";
import { scanLikePhone, USER_AGENTS } from "./fixtures/certificates";
import { createCodeViaApi, createOwnerWithCodesViaApi, VEHICLE_CODE } from "./fixtures/codes";

/**
 * The scan log: a code's scans on its detail page, and the dashboard's Recent Scans.
 */
const browser = useBrowser();

const scanPanel = (page: Page) => page.getByRole("region", { name: "Scan History" });

describe("scan log", () => {
  it("shows an empty state, then the scans with place, device, unique scanners and the daily chart", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto(`/qr/${code.id}`);
    const panel = scanPanel(page);
    await panel.getByText("No scans yet", { exact: true }).waitFor();

    await scanLikePhone(code.qrCodeData, USER_AGENTS.iphone);
    await scanLikePhone(code.qrCodeData, USER_AGENTS.iphone); // the same phone again: a repeat
    await scanLikePhone(code.qrCodeData, USER_AGENTS.desktop);
    await scanLikePhone(code.qrCodeData, USER_AGENTS.whatsapp); // a link preview: logged, not a scan
    await panel.getByRole("button", { name: "Refresh" }).click();

    const rows = panel.getByRole("table", { name: "Latest scans, newest first" }).locator("tbody tr");
    await expect.poll(() => rows.count(), SCREEN_POLL).toBe(4);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll("td"))
          .slice(1)
          .map((td) => td.textContent),
      ),
    );
    expect(cells).toEqual([
      // A local server gives every request the same stand-in location (Miniflare's request.cf).
      ["Austin, United States", "Automated client", "No: link preview"],
      ["Austin, United States", "Desktop", "Yes"],
      ["Austin, United States", "Mobile", "No: repeat within 10 minutes"],
      ["Austin, United States", "Mobile", "Yes"],
    ]);
    expect(await rows.first().locator("td").first().innerText()).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    const figure = (label: string) => panel.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
    expect(await figure("Unique scanners").innerText()).toBe("2");
    expect(await figure("Scans in the last 30 days").innerText()).toBe("2");
    // Refresh re-read the code too: its verification count agrees with the counted scans.
    await page.getByText("Verification Count").locator("xpath=following-sibling::dd").getByText("2").waitFor();

    const chart = panel.getByRole("img", {
      name: /^2 scans in the last 30 days; the busiest day was .+ with 2 scans\.$/,
    });
    await chart.waitFor();
    expect(await chart.locator("rect").count()).toBe(30);
    expect(await chart.locator("rect").last().locator("title").textContent()).toMatch(/: 2 scans$/);
    await panel.getByText("Show the days with scans as a table").click();
    const days = panel.getByRole("table", { name: "Scans per day, days with scans only" }).locator("tbody tr");
    expect(await days.count()).toBe(1);
    expect(await days.locator("td").last().innerText()).toBe("2");
    await context.close();
  });
});

describe("dashboard recent scans", () => {
  it("starts empty and lists new scans of the company's codes when the page regains attention", async () => {
    const { owner, code, replacement } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/");
    const panel = page.getByRole("region", { name: "Recent Scans" });
    await panel.getByText("No scans yet", { exact: true }).waitFor();

    await scanLikePhone(code.qrCodeData, USER_AGENTS.iphone);
    await scanLikePhone(replacement.qrCodeData, USER_AGENTS.ipad);
    // Another company's scans never show here.
    const stranger = await createOwnerWithCodesViaApi();
    await scanLikePhone(stranger.code.qrCodeData);

    // Coming back to the tab refreshes this list (and only this one).
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    const items = panel.getByRole("list", { name: "Recent scans" }).getByRole("listitem");
    await expect.poll(() => items.count(), SCREEN_POLL).toBe(2);
    expect(await items.first().innerText()).toMatch(
      /^14 Riverside Drive, Westlands, Nairobi\s+\d{1,2} \w{3} \d{4}, \d{2}:\d{2}[\s\S]+Austin, United States[\s\S]+Tablet$/,
    );
    expect(await items.last().innerText()).toMatch(/^12 Riverside Drive[\s\S]+Austin, United States[\s\S]+Mobile$/);
    await items.first().getByRole("link", { name: "14 Riverside Drive, Westlands, Nairobi" }).click();
    await page.waitForURL(`**/qr/${replacement.id}`);
    await context.close();
  });

  it("names a scanned Motor Vehicle by its description and Vehicle Reference Number, as its detail page does", async () => {
    const { owner, valuer } = await createOwnerWithCodesViaApi();
    const vehicle = await createCodeViaApi(owner.token, valuer.id, VEHICLE_CODE);
    await scanLikePhone(vehicle.qrCodeData);
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/");
    const item = page.getByRole("region", { name: "Recent Scans" }).getByRole("listitem");
    await item.waitFor();
    expect(await item.innerText()).toMatch(
      /^Toyota Land Cruiser 2021, white\s+Vehicle Reference Number: KDA 123A\s+\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/,
    );

    await item.getByRole("link", { name: "Toyota Land Cruiser 2021, white" }).click();
    await page.waitForURL(`**/qr/${vehicle.id}`);
    await page.getByRole("heading", { level: 1, name: "Toyota Land Cruiser 2021, white" }).waitFor();
    const detail = (label: string) =>
      page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
    expect(await detail("Vehicle Reference Number").innerText()).toBe("KDA 123A");
    expect(await detail("Vehicle Description").innerText()).toBe("Toyota Land Cruiser 2021, white");
    for (const absent of ["Property Location", "Property Reference", "Building Size", "Land Size"]) {
      expect(await detail(absent).count(), absent).toBe(0);
    }
    await context.close();
  });

  it("refreshes by itself every minute", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.clock.install();
    await page.goto("/");
    const panel = page.getByRole("region", { name: "Recent Scans" });
    await panel.getByText("No scans yet", { exact: true }).waitFor();
    await scanLikePhone(code.qrCodeData);
    const refreshed = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/scans/recent");
    await page.clock.runFor(61_000);
    await refreshed;
    await panel.getByRole("link", { name: "12 Riverside Drive, Westlands, Nairobi" }).waitFor();
    await context.close();
  });
});
