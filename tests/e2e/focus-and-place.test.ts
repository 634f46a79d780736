import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createAdminViaDb } from "./fixtures/admins";
import { openAdminPage } from "./fixtures/admin-screens";
import { PHONE_VIEWPORT, SCREEN_POLL, useBrowser } from "./fixtures/browser";
import { createOwnerWithCodesViaApi } from "./fixtures/codes";
import { createValuerViaApi } from "./fixtures/valuers";

/**
 * A keyboard user always knows where they are: the navigation marks the current page, and focus
 * goes back to the control that opened a dialog when it closes (or to the page's heading when that
 * control went with what the dialog did). Every dialog here is opened and closed from the keyboard.
 */
const browser = useBrowser();

const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Opens the dialog with Enter on its opener, closes it with Escape, and expects focus back on the opener. */
async function expectFocusReturns(page: Page, opener: Locator, dialogName: string, role = "dialog") {
  await opener.focus();
  await opener.press("Enter");
  const dialog = page.getByRole(role as "dialog", { name: dialogName });
  await dialog.waitFor();
  // Focus moved into the dialog.
  await expect
    .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)), SCREEN_POLL)
    .toBe(true);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await expect.poll(() => hasFocus(opener), SCREEN_POLL).toBe(true);
}

const currentPage = (page: Page, navigation = "Main") =>
  page.getByRole("navigation", { name: navigation }).locator('[aria-current="page"]');

describe("the current page in the navigation", () => {
  it("marks the dashboard at both its addresses, and History on a code's own page", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    for (const [path, item] of [
      ["/", "Dashboard"],
      ["/dashboard", "Dashboard"],
      ["/create-qr", "Create QR Code"],
      ["/qr-history", "QR History"],
      [`/qr/${code.id}`, "QR History"],
      ["/valuers", "My Company Valuers"],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => currentPage(page).allInnerTexts(), SCREEN_POLL).toEqual([item]);
    }
    await context.close();
  });

  it("marks the administrator's section", async () => {
    const admin = await createAdminViaDb();
    const { page, context } = await openAdminPage(browser, "/admin/settings", admin.token);
    await expect.poll(() => currentPage(page).allInnerTexts(), SCREEN_POLL).toEqual(["System Settings"]);
    await context.close();
  });
});

describe("focus after a dialog", () => {
  it("returns to the button that opened each of a company's dialogs", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    await createValuerViaApi(owner.token, { name: "Peter Otieno" });
    const { page, context } = await browser.newPage({ token: owner.token });

    await page.goto(`/qr/${code.id}`);
    await expectFocusReturns(page, page.getByRole("button", { name: "Revoke code" }), "Revoke this code?");
    await expectFocusReturns(page, page.getByRole("button", { name: "Seal report PDF" }), "Seal report PDF");

    await page.goto("/valuers");
    await expectFocusReturns(page, page.getByRole("button", { name: "Add Valuer" }), "Add Valuer");
    await expectFocusReturns(page, page.getByRole("button", { name: "Edit Peter Otieno" }), "Edit Valuer");
    const remove = page.getByRole("button", { name: "Delete Peter Otieno" });
    await expectFocusReturns(page, remove, "Delete Peter Otieno?", "alertdialog");

    // Deleting takes the row, and its button, away: focus goes to the page's heading.
    await remove.focus();
    await remove.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Delete Peter Otieno?" });
    await confirm.getByRole("button", { name: "Delete" }).focus();
    await page.keyboard.press("Enter");
    await confirm.waitFor({ state: "detached" });
    await remove.waitFor({ state: "detached" });
    await expect.poll(() => hasFocus(page.getByRole("heading", { level: 1 })), SCREEN_POLL).toBe(true);
    await context.close();
  });

  it("returns to the phone menu's button", async () => {
    const { owner } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/qr-history");
    await expectFocusReturns(page, page.getByRole("button", { name: "Open menu" }), "Menu");
    await context.close();
  });

  it("returns to the administrator's buttons", async () => {
    const admin = await createAdminViaDb();
    const { owner } = await createOwnerWithCodesViaApi();
    const { page, context } = await openAdminPage(browser, "/admin/companies", admin.token);
    await page.getByLabel("Search companies").fill(owner.user.company.name);
    const view = page.getByRole("button", { name: `View ${owner.user.company.name}` });
    await expectFocusReturns(page, view, "Company Details");
    await expectFocusReturns(
      page,
      page.getByRole("button", { name: `Manage ${owner.user.company.name}` }),
      `Deactivate ${owner.user.company.name}?`,
      "alertdialog",
    );
    await expectFocusReturns(
      page,
      page.getByRole("button", { name: `Reset ${owner.user.company.name}` }),
      "Reset Password",
    );

    await page.goto("/admin/settings");
    const markCompromised = page.getByRole("button", { name: "Mark compromised" }).first();
    await expectFocusReturns(page, markCompromised, "Mark this key compromised?");
    await context.close();
  });
});
