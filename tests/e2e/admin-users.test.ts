import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerOwnerViaApi, uniqueEmail } from "./fixtures/accounts";
import {
  createOwnerWithCodeAndValuerViaApi,
  expectOnlyRows,
  openAdminPage,
  rowWith,
  search,
  todayLong,
  uniqueTag,
} from "./fixtures/admin-screens";
import { createAdminViaDb } from "./fixtures/admins";
import { expectToast, useBrowser } from "./fixtures/browser";
import { apiCall } from "./fixtures/http";

/**
 * User Management (/admin/users): single and bulk activation, deactivation and deletion.
 */

/** The header row's select-all (phones get their own in the bulk actions, where the header is hidden). */
const selectAllInHeader = (page: Page) =>
  page.getByRole("table", { name: "Users" }).getByLabel("Select all users on this page");

const browser = useBrowser();

describe("user management", () => {
  it("deactivates one user, who is signed out on their next request, and activates them again", async () => {
    const admin = await createAdminViaDb();
    const target = await registerOwnerViaApi({ email: uniqueEmail(uniqueTag("toggle")) });
    const targetSession = await browser.newPage({ token: target.token });
    await targetSession.page.goto("/");
    await targetSession.page.getByTestId("company-name").waitFor();

    const { page, context } = await openAdminPage(browser, "/admin/users", admin.token);
    await search(page, "Search users", target.email);
    const row = rowWith(page, target.email);
    await row.getByRole("button", { name: `Deactivate ${target.email}` }).waitFor();
    const cells = row.getByRole("cell");
    expect(await cells.nth(3).innerText()).toBe("User");
    expect(await cells.nth(4).innerText()).toBe("Active");
    expect(await cells.nth(5).innerText()).toBe(todayLong());

    await page.route("**/api/admin/users/*/status", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Internal Server Error"}' }),
    );
    await row.getByRole("button", { name: `Deactivate ${target.email}` }).click();
    expect(await expectToast(page, "Failed to update user status", "Internal Server Error")).toBe("destructive");
    expect(await cells.nth(4).innerText()).toBe("Active");
    await page.unroute("**/api/admin/users/*/status");

    // Waits for the server's answer itself, so a failure says whether the request went out at all.
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/status") && response.request().method() === "PATCH"),
      row.getByRole("button", { name: `Deactivate ${target.email}` }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(await expectToast(page, "User status updated successfully")).toBe("default");
    await cells.nth(4).getByText("Inactive", { exact: true }).waitFor();

    await targetSession.page.reload();
    await targetSession.page.getByRole("button", { name: "Valuer Dashboard" }).waitFor();
    expect(await targetSession.page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await targetSession.context.close();

    await row.getByRole("button", { name: `Activate ${target.email}` }).click();
    await cells.nth(4).getByText("Active", { exact: true }).waitFor();
    await context.close();
  });

  it("deletes one user after a warning that it cannot be undone, closing their firm while its codes stay", async () => {
    const admin = await createAdminViaDb();
    const tag = uniqueTag("delete");
    const target = await createOwnerWithCodeAndValuerViaApi(tag);
    const { page, context } = await openAdminPage(browser, "/admin/users", admin.token);
    await search(page, "Search users", target.email);
    await rowWith(page, target.email)
      .getByRole("button", { name: `Delete ${target.email}` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Delete User" });
    const warning = await confirm.innerText();
    expect(warning).toContain(target.email);
    expect(warning).toContain("This action cannot be undone");
    expect(warning).toContain(
      "Their personal data is erased, and any organisation they own is closed with its team; codes already issued stay verifiable.",
    );
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    expect(await expectToast(page, "User deleted successfully")).toBe("default");
    await page.getByText("No users found").waitFor();
    const companies = await apiCall<{ total: number }>(`/api/admin/companies-detailed?page=1&search=${tag}`, {
      token: admin.token,
    });
    expect(companies.total).toBe(1);
    // The firm's certificate still loads, saying its issuer's account closed.
    const certificate = await page.goto(`/v/${target.codeToken}`);
    expect(certificate?.status()).toBe(200);
    await page.getByText(/^Issuer account closed on \d{1,2} \w+ \d{4}$/).waitFor();
    await context.close();
  });

  it("selects all users on the page, then bulk deactivates, activates and deletes them", async () => {
    const admin = await createAdminViaDb();
    const tag = uniqueTag("bulk");
    const targets = [];
    for (let i = 0; i < 3; i++) targets.push(await registerOwnerViaApi({ email: uniqueEmail(tag) }));
    const { page, context } = await openAdminPage(browser, "/admin/users", admin.token);
    await search(page, "Search users", tag);
    await expectOnlyRows(
      page,
      targets.map((target) => target.email),
    );
    const bulk = page.getByRole("group", { name: "Bulk actions" });
    const bulkButton = (name: string) => bulk.getByRole("button", { name, exact: true });
    for (const name of ["Activate", "Deactivate", "Delete"]) expect(await bulkButton(name).isDisabled()).toBe(true);

    await page.getByLabel(`Select ${targets[0]!.email}`).check();
    expect(await bulk.innerText()).toContain("1 selected");
    expect(await selectAllInHeader(page).evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
    await selectAllInHeader(page).check();
    for (const target of targets) expect(await page.getByLabel(`Select ${target.email}`).isChecked()).toBe(true);
    expect(await bulk.innerText()).toContain("3 selected");

    await bulkButton("Deactivate").click();
    expect(await expectToast(page, "3 users deactivated")).toBe("default");
    for (const target of targets) {
      await rowWith(page, target.email).getByRole("cell").nth(4).getByText("Inactive", { exact: true }).waitFor();
    }
    expect(await bulk.innerText()).toContain("0 selected");

    await selectAllInHeader(page).check();
    await bulkButton("Activate").click();
    expect(await expectToast(page, "3 users activated")).toBe("default");
    for (const target of targets) {
      await rowWith(page, target.email).getByRole("cell").nth(4).getByText("Active", { exact: true }).waitFor();
    }

    await selectAllInHeader(page).check();
    await bulkButton("Delete").click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Users" });
    const warning = await confirm.innerText();
    expect(warning).toContain("Delete 3 selected users?");
    expect(warning).toContain("This action cannot be undone");
    expect(warning).toContain("codes already issued stay verifiable");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    expect(await expectToast(page, "3 users deleted")).toBe("default");
    await page.getByText("No users found").waitFor();
    await context.close();
  });

  it("does not let the admin deactivate, delete or select their own account", async () => {
    const admin = await createAdminViaDb();
    const { page, context } = await openAdminPage(browser, "/admin/users", admin.token);
    await search(page, "Search users", admin.email);
    await expectOnlyRows(page, [admin.email]);
    const row = rowWith(page, admin.email);
    await row.getByText("You cannot deactivate or delete your own account").waitFor();
    expect(await row.getByRole("cell").nth(3).innerText()).toBe("Admin");
    expect(await page.getByLabel(`Select ${admin.email}`).isDisabled()).toBe(true);
    expect(await row.getByRole("button", { name: `Deactivate ${admin.email}` }).isDisabled()).toBe(true);
    expect(await row.getByRole("button", { name: `Delete ${admin.email}` }).isDisabled()).toBe(true);
    expect(await selectAllInHeader(page).isDisabled()).toBe(true);
    await context.close();
  });
});
