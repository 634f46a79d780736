import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RECENT_VALUATION } from "../shared/dates";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { holdRequests, PHONE_VIEWPORT, SCREEN_POLL, useBrowser } from "./fixtures/browser";
import { createCodeViaApi } from "./fixtures/codes";
import { createValuerViaApi } from "./fixtures/valuers";

const browser = useBrowser();

const STAT_LABELS = ["Total Codes", "This Month", "Valuers", "Verifications"] as const;

/** The number a stat card shows under its label ("Loading" while it loads). */
const statCell = (page: Page, label: (typeof STAT_LABELS)[number]) =>
  page.getByText(label, { exact: true }).locator("xpath=following-sibling::p[1]");
const statValue = (page: Page, label: (typeof STAT_LABELS)[number]) => statCell(page, label).innerText();

const allStats = async (page: Page) =>
  Object.fromEntries(await Promise.all(STAT_LABELS.map(async (label) => [label, await statValue(page, label)])));

const recentItems = (page: Page) => page.getByRole("list", { name: "Recent codes" }).getByRole("listitem");

describe("dashboard", () => {
  it("shows loading states, then zeros and the empty state with a prompt to create a code", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    const release = await holdRequests(page, "**/api/qr-codes?limit=5");
    await page.goto("/");
    await page.getByRole("status").filter({ hasText: "Loading recent codes" }).waitFor();
    release();
    await page.getByText("No verification codes yet", { exact: true }).waitFor();
    await expect
      .poll(() => allStats(page), SCREEN_POLL)
      .toEqual({
        "Total Codes": "0",
        "This Month": "0",
        Valuers: "0",
        Verifications: "0",
      });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await page.getByRole("link", { name: "Create your first code" }).click();
    await page.waitForURL("**/create-qr");
    await page.getByRole("heading", { name: "Create Unique Code for your valuation report" }).waitFor();
    await context.close();
  });

  it("counts a code created in the browser, lists it under Recent Codes, and counts a scan", async () => {
    const owner = await registerOwnerViaApi();
    await createValuerViaApi(owner.token);
    await createValuerViaApi(owner.token, { name: "Peter Otieno", qualification: "BSc Land Economics" });
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/dashboard");
    await page.getByText("No verification codes yet", { exact: true }).waitFor();
    await expect.poll(() => statValue(page, "Valuers"), SCREEN_POLL).toBe("2");
    expect(await statValue(page, "Total Codes")).toBe("0");

    // The whole round trip stays inside the app, so only cache invalidation can refresh the numbers.
    await page.getByRole("link", { name: "Create Code" }).click();
    await page.getByLabel("Property Type").selectOption("Loose Assets");
    await page.getByRole("combobox", { name: "Property Location" }).fill("Godown 4, Industrial Area, Nairobi");
    await page.getByLabel("Valuation Date").fill(RECENT_VALUATION.dayMonthYear);
    await page.getByLabel("Market Value").fill("730500");
    await page.getByLabel("Currency").selectOption("KES");
    await page.getByLabel("Signing Valuer").selectOption({ label: "Peter Otieno (BSc Land Economics)" });
    const created = page.waitForResponse((res) => res.url().endsWith("/api/qr-codes") && res.status() === 201);
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    const code = (await (await created).json()) as { id: number; qrCodeData: string };
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();

    await expect
      .poll(() => allStats(page), SCREEN_POLL)
      .toEqual({
        "Total Codes": "1",
        "This Month": "1",
        Valuers: "2",
        Verifications: "0",
      });
    await expect.poll(() => recentItems(page).count(), SCREEN_POLL).toBe(1);
    const item = recentItems(page).first();
    expect(await item.innerText()).toMatch(
      new RegExp(
        `Godown 4, Industrial Area, Nairobi[\\s\\S]*${RECENT_VALUATION.dayMonthYear}[\\s\\S]*KSh 730,500\\.00[\\s\\S]*KES[\\s\\S]*View`,
      ),
    );

    // Someone scans the printed code.
    const scanner = await context.newPage();
    await scanner.goto(code.qrCodeData);
    await scanner.close();
    await expect
      .poll(async () => {
        await page.reload();
        await statCell(page, "Verifications").filter({ hasNotText: "Loading" }).waitFor();
        return statValue(page, "Verifications");
      }, SCREEN_POLL)
      .toBe("1");

    await item.getByRole("link", { name: "View Godown 4, Industrial Area, Nairobi" }).click();
    await page.waitForURL(`**/qr/${code.id}`);
    await page.getByRole("heading", { name: "Godown 4, Industrial Area, Nairobi" }).waitFor();
    await context.close();
  });

  it("lists only the 5 newest codes", async () => {
    const owner = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(owner.token);
    for (let n = 1; n <= 6; n += 1) {
      await createCodeViaApi(owner.token, valuer.id, { propertyAddress: `House ${n}, Karen`, marketValue: n * 1000 });
    }
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/");
    await expect.poll(() => recentItems(page).count(), SCREEN_POLL).toBe(5);
    const items = await recentItems(page).allInnerTexts();
    expect(items).toEqual([6, 5, 4, 3, 2].map((n) => expect.stringMatching(new RegExp(`^House ${n}, Karen\\n`))));
    // The stats are their own request: the list may come first.
    await expect.poll(() => statValue(page, "Total Codes"), SCREEN_POLL).toBe("6");
    await page.getByRole("link", { name: "View all" }).click();
    await page.waitForURL("**/qr-history");
    await context.close();
  });

  it("sends an administrator to /admin", async () => {
    const admin = await createAdminViaDb();
    const { page, context } = await browser.newPage({ token: admin.token });
    for (const path of ["/", "/dashboard"]) {
      await page.goto(path);
      await page.waitForURL("**/admin");
    }
    expect(await page.getByText("No verification codes yet").count()).toBe(0);
    await context.close();
  });
});
