import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  createOwnerWithCodeAndValuerViaApi,
  expectOnlyRows,
  openAdminPage,
  search,
  uniqueTag,
} from "./fixtures/admin-screens";
import { createAdminViaDb, verifyCompanyViaAdmin } from "./fixtures/admins";
import { DESKTOP_VIEWPORT, expectNoHorizontalScroll, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { apiCall } from "./fixtures/http";

/**
 * The administrator's tables fit the screen: at 1280 px every column and every action is in view
 * without scrolling sideways, and at 360 px each row is a card (labelled values, no sideways scroll).
 */
const browser = useBrowser();

/**
 * An administrator's reset of the owner's password: its audit entry names the owner's email, a
 * long unbroken word that must wrap rather than widen the audit log.
 */
const resetOwnerPassword = (adminToken: string, owner: { user: { company: { id: number } } }) =>
  apiCall(`/api/admin/companies/${owner.user.company.id}/reset-password`, {
    method: "PATCH",
    token: adminToken,
    body: { password: "a-long-new-password-2026" },
  });

/** Every table's scrolling box on the page is no wider than the box itself: nothing hides to the right. */
async function expectTablesFit(page: Page) {
  const overflowing = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("[role=group]:has(> table)"))
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map(
        (box) =>
          box.getAttribute("aria-labelledby") &&
          document.getElementById(box.getAttribute("aria-labelledby")!)?.textContent,
      ),
  );
  expect(overflowing).toEqual([]);
}

/** The control is wholly inside the viewport's width. */
async function expectInView(page: Page, name: string) {
  const box = await page.getByRole("button", { name }).boundingBox();
  expect(box, name).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} is off-screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** On a phone the header row is for screen readers only and each cell names its column. */
async function expectCards(page: Page, caption: string, label: string) {
  const table = page.getByRole("table", { name: caption });
  expect(await table.locator("thead").evaluate((head) => head.getBoundingClientRect().height <= 1)).toBe(true);
  const labelled = table.locator(`tbody td[data-label="${label}"]`).first();
  const before = await labelled.evaluate((cell) => getComputedStyle(cell, "::before").content);
  expect(before).toBe(`"${label}"`);
}

describe("admin tables", () => {
  it("show every column and action at 1280 px", async () => {
    const admin = await createAdminViaDb();
    const tag = uniqueTag("wide");
    const owner = await createOwnerWithCodeAndValuerViaApi(tag);
    await resetOwnerPassword(admin.token, owner);
    const { page, context } = await openAdminPage(browser, "/admin/companies", admin.token, DESKTOP_VIEWPORT);
    await search(page, "Search companies", tag);
    await expectOnlyRows(page, [owner.companyName]);
    await expectTablesFit(page);
    for (const action of ["View", "Manage", "Reset"]) await expectInView(page, `${action} ${owner.companyName}`);

    await page.goto("/admin/users");
    await search(page, "Search users", owner.email);
    await expectOnlyRows(page, [owner.email]);
    await expectTablesFit(page);
    for (const action of ["Deactivate", "Delete"]) await expectInView(page, `${action} ${owner.email}`);

    await page.goto("/admin/settings");
    await page.getByRole("table", { name: "Audit log, newest first" }).locator("tbody tr").first().waitFor();
    await expectTablesFit(page);
    await context.close();
  });

  it("become cards at 360 px, with nothing to scroll sideways", async () => {
    const admin = await createAdminViaDb();
    const tag = uniqueTag("narrow");
    const owner = await createOwnerWithCodeAndValuerViaApi(tag);
    // An administrator's decision, so the audit log has an entry to show as a card.
    await verifyCompanyViaAdmin(owner.user.company.id);
    await resetOwnerPassword(admin.token, owner);
    const { page, context } = await openAdminPage(browser, "/admin/companies", admin.token, PHONE_VIEWPORT);
    await search(page, "Search companies", tag);
    await expectOnlyRows(page, [owner.companyName]);
    await expectCards(page, "Companies", "Verification");
    await expectTablesFit(page);
    await expectNoHorizontalScroll(page);
    for (const action of ["View", "Manage", "Reset"]) await expectInView(page, `${action} ${owner.companyName}`);

    await page.getByRole("button", { name: `View ${owner.companyName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Company Details" });
    await dialog.getByRole("table", { name: "The company's valuers" }).waitFor();
    await expectCards(page, "The company's QR codes", "Value");
    await expectCards(page, "The company's valuers", "Phone");
    await expectTablesFit(page);
    await page.keyboard.press("Escape");

    await page.goto("/admin/users");
    await search(page, "Search users", owner.email);
    await expectOnlyRows(page, [owner.email]);
    const row = page.getByRole("row").filter({ hasText: owner.email });
    await expectCards(page, "Users", "Company");
    await expectTablesFit(page);
    await expectNoHorizontalScroll(page);
    // The header's select-all is hidden with the header: the bulk actions carry one.
    await page.getByRole("group", { name: "Bulk actions" }).getByLabel("Select all users on this page").check();
    await page.getByText("1 selected").waitFor();
    expect(await row.getByRole("checkbox", { name: `Select ${owner.email}` }).isChecked()).toBe(true);

    await page.goto("/admin/settings");
    await page.getByRole("table", { name: "Audit log, newest first" }).locator("tbody tr").first().waitFor();
    await expectCards(page, "Audit log, newest first", "Action");
    await expectCards(page, "Signing keys, oldest first", "Status");
    await expectTablesFit(page);
    await expectNoHorizontalScroll(page);
    await context.close();
  });
});
