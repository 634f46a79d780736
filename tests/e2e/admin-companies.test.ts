import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RECENT_VALUATION } from "../shared/dates";
import { registerOwnerViaApi, signInViaApi, uniqueEmail } from "./fixtures/accounts";
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
import { expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { createCodeViaApi, VEHICLE_CODE } from "./fixtures/codes";
import { apiCall } from "./fixtures/http";

/**
 * Companies Management (/admin/companies): the list, a company's details, deactivation and the
 * owner's password reset.
 */
const browser = useBrowser();

/** The <dd> next to a <dt> label in the company details dialog. */
const detailValue = (dialog: Locator, label: string) =>
  dialog.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

describe("companies management", () => {
  it("lists a company with its counts and real status, and Manage deactivates it after saying what that means", async () => {
    const admin = await createAdminViaDb();
    const tag = uniqueTag("manage");
    const owner = await createOwnerWithCodeAndValuerViaApi(tag);
    const { page, context } = await openAdminPage(browser, "/admin/companies", admin.token);
    await search(page, "Search companies", tag);
    await expectOnlyRows(page, [owner.companyName]);
    const row = rowWith(page, owner.companyName);
    const cells = row.getByRole("cell");
    expect(await cells.nth(0).innerText()).toContain(owner.email);
    expect(await cells.nth(1).innerText()).toContain(owner.email);
    expect(await cells.nth(2).innerText()).toBe("1");
    expect(await cells.nth(3).innerText()).toBe("1");
    expect(await cells.nth(4).innerText()).toBe("Active");
    expect(await cells.nth(5).innerText()).toBe("Awaiting verification");
    expect(await cells.nth(6).innerText()).toBe(todayLong());

    await row.getByRole("button", { name: /^Manage/ }).click();
    const confirm = page.getByRole("alertdialog");
    const warning = await confirm.innerText();
    expect(warning).toContain("cannot create QR codes or change its valuers");
    expect(warning).toContain(
      "marked “Issuer suspended by ValuSeal” with today's date instead of “Verified Authentic”",
    );
    await confirm.getByRole("button", { name: "Deactivate Company" }).click();
    expect(await expectToast(page, "Company status updated successfully")).toBe("default");
    await cells.nth(4).getByText("Inactive", { exact: true }).waitFor();
    await expect(apiCall(`/api/valuers/${owner.valuerId}`, { token: owner.token, method: "DELETE" })).rejects.toThrow(
      /403.*deactivated/,
    );

    await row.getByRole("button", { name: /^Manage/ }).click();
    expect(await confirm.innerText()).toContain("will be able to create QR codes");
    await confirm.getByRole("button", { name: "Activate Company" }).click();
    await cells.nth(4).getByText("Active", { exact: true }).waitFor();
    await context.close();
  });

  it("shows a company's details with N/A for blanks, its codes and valuers", async () => {
    const admin = await createAdminViaDb();
    const tag = uniqueTag("view");
    const owner = await createOwnerWithCodeAndValuerViaApi(tag);
    await createCodeViaApi(owner.token, owner.valuerId, VEHICLE_CODE);
    const { page, context } = await openAdminPage(browser, "/admin/companies", admin.token);
    await search(page, "Search companies", tag);
    await rowWith(page, owner.companyName).getByRole("button", { name: /^View/ }).click();
    const dialog = page.getByRole("dialog", { name: "Company Details" });
    await dialog.getByRole("heading", { name: "Company Information" }).waitFor();
    expect(await detailValue(dialog, "Name").innerText()).toBe(owner.companyName);
    expect(await detailValue(dialog, "Email").innerText()).toBe(owner.email);
    expect(await detailValue(dialog, "Phone").innerText()).toBe("N/A");
    expect(await detailValue(dialog, "Location").innerText()).toBe("N/A");

    const codes = dialog.getByRole("table", { name: "The company's QR codes" }).locator("tbody tr");
    expect(await codes.count()).toBe(2);
    // Newest first: a vehicle has no location, so its description and reference number name it.
    const vehicle = codes.first().getByRole("cell");
    expect(await vehicle.first().innerText()).toBe(
      "Toyota Land Cruiser 2021, white\nVehicle Reference Number: KDA 123A",
    );
    expect(await vehicle.nth(1).innerText()).toBe("Motor Vehicle");
    const code = codes.last();
    const codeText = await code.innerText();
    for (const text of [`Plot 7, ${tag} Road`, "Real Estate", "KSh 1,250,000.00", RECENT_VALUATION.long]) {
      expect(codeText).toContain(text);
    }
    expect(await code.getByRole("cell").last().innerText()).toBe("0");

    const valuer = dialog.getByRole("table", { name: "The company's valuers" }).locator("tbody tr");
    expect((await valuer.getByRole("cell").allInnerTexts()).map((text) => text.trim())).toEqual([
      "Vera Valuer",
      "+254700111222",
      "N/A",
      "Active",
    ]);
    await context.close();
  });

  it("says Failed to load company details when the details cannot be loaded", async () => {
    const admin = await createAdminViaDb();
    const tag = uniqueTag("fail");
    const owner = await registerOwnerViaApi({ email: uniqueEmail(tag), name: `Company ${tag}` });
    const { page, context } = await openAdminPage(browser, "/admin/companies", admin.token);
    await page.route("**/api/admin/companies/*/details", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"Internal Server Error"}' }),
    );
    await search(page, "Search companies", tag);
    await rowWith(page, owner.user.company.name).getByRole("button", { name: /^View/ }).click();
    expect(await expectToast(page, "Failed to load company details")).toBe("destructive");
    const dialog = page.getByRole("dialog", { name: "Company Details" });
    await dialog.getByRole("alert").getByText("Failed to load company details").waitFor();
    await context.close();
  });

  it("resets the owner's password: blank is refused, the owner signs in with the new one", async () => {
    const admin = await createAdminViaDb();
    const tag = uniqueTag("reset");
    const owner = await registerOwnerViaApi({ email: uniqueEmail(tag), name: `Company ${tag}` });
    const { page, context } = await openAdminPage(browser, "/admin/companies", admin.token);
    await search(page, "Search companies", tag);
    await rowWith(page, owner.user.company.name)
      .getByRole("button", { name: /^Reset/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Reset Password" });
    expect(await dialog.innerText()).toContain(owner.email);
    const submit = dialog.getByRole("button", { name: "Reset Password" });
    const password = dialog.getByLabel("New Password");
    expect(await submit.isDisabled()).toBe(true);
    await password.fill("        ");
    expect(await submit.isDisabled()).toBe(true);
    await password.fill("short");
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await dialog.getByText("Password must be at least 10 characters").waitFor();

    await password.fill("brand-new-passw0rd");
    await submit.click();
    expect(await expectToast(page, "Password reset successfully")).toBe("default");
    await dialog.waitFor({ state: "detached" });
    await expect(signInViaApi(owner.email, owner.password)).rejects.toThrow(/401/);
    const signedIn = await signInViaApi(owner.email, "brand-new-passw0rd");
    expect(signedIn.token).toBeTruthy();
    await expect(apiCall("/api/auth/user", { token: owner.token })).rejects.toThrow(/401/);
    await context.close();
  });

  it("fits a phone screen: the table scrolls inside its card, not the page", async () => {
    const admin = await createAdminViaDb();
    const { page, context } = await openAdminPage(browser, "/admin/companies", admin.token, PHONE_VIEWPORT);
    await page.locator("tbody tr").first().getByRole("button", { name: /^View/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
