import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { promoteToAdminInDb } from "./fixtures/admins";
import { expectToast, holdRequests, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { apiCall } from "./fixtures/http";
import { joinAsMemberInBrowser } from "./fixtures/team";
import { createValuerViaApi } from "./fixtures/valuers";

const browser = useBrowser();

const NON_OWNER_NOTICE =
  "Only the company owner can add or modify valuers. Contact your company administrator to manage valuers.";
const DELETE_CONFIRMATION = "Are you sure you want to delete this valuer?";

const valuerRow = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

async function addValuerThroughDialog(page: Page, valuer: { name: string; phone: string; qualification: string }) {
  await page.getByRole("button", { name: "Add Valuer" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Valuer" });
  await dialog.getByLabel("Full Name").fill(valuer.name);
  await dialog.getByLabel("Phone Number").fill(valuer.phone);
  await dialog.getByLabel("Professional Qualification").fill(valuer.qualification);
  await dialog.getByRole("button", { name: "Add Valuer" }).click();
  await dialog.waitFor({ state: "detached" });
}

describe("valuers page (owner)", () => {
  it("adds, edits, deactivates, reactivates and deletes a valuer with the spec's toasts and empty state", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    // The list request is held until the loading state has been seen.
    const releaseList = await holdRequests(page, "**/api/valuers", { method: "GET" });
    await page.goto("/valuers");
    await page.getByRole("status").filter({ hasText: "Loading valuers..." }).waitFor();
    releaseList();
    await page.getByText("No valuers found", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "My Company Valuers" }).waitFor();
    expect(await page.getByText(NON_OWNER_NOTICE).count()).toBe(0);

    // The shared schema's rule shows under the field; nothing is sent.
    await page.getByRole("button", { name: "Add Valuer" }).click();
    const addDialog = page.getByRole("dialog", { name: "Add Valuer" });
    await addDialog.getByRole("button", { name: "Add Valuer" }).click();
    await addDialog.getByText("Full name is required").waitFor();
    await addDialog.getByRole("button", { name: "Cancel" }).click();
    await addDialog.waitFor({ state: "detached" });

    await addValuerThroughDialog(page, { name: "Jane Wanjiku", phone: "+254 700 111 222", qualification: "MRICS" });
    expect(await expectToast(page, "Valuer added successfully")).toBe("default");
    const row = valuerRow(page, "Jane Wanjiku");
    await row.waitFor();
    expect(await row.getByRole("cell").allInnerTexts()).toEqual(
      expect.arrayContaining(["Jane Wanjiku", "+254 700 111 222", "MRICS", "Active"]),
    );
    for (const header of ["Name", "Phone", "Qualification", "Status", "Actions"]) {
      await page.getByRole("columnheader", { name: header }).waitFor();
    }

    // Edit: new qualification, and deactivated from the dialog.
    await row.getByRole("button", { name: "Edit Jane Wanjiku" }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit Valuer" });
    expect(await editDialog.getByLabel("Full Name").inputValue()).toBe("Jane Wanjiku");
    expect(await editDialog.getByLabel("Phone Number").inputValue()).toBe("+254 700 111 222");
    await editDialog.getByLabel("Professional Qualification").fill("FRICS, Registered Valuer");
    await editDialog.getByLabel("Active").uncheck();
    await editDialog.getByRole("button", { name: "Save Changes" }).click();
    expect(await expectToast(page, "Valuer updated successfully")).toBe("default");
    await row.getByText("Inactive", { exact: true }).waitFor();
    await row.getByText("FRICS, Registered Valuer").waitFor();
    const switchControl = row.getByRole("switch", { name: "Jane Wanjiku is active" });
    expect(await switchControl.getAttribute("aria-checked")).toBe("false");

    // The row's switch turns the valuer back on.
    await switchControl.click();
    await row.getByRole("cell", { name: "Active", exact: true }).waitFor();
    expect(await switchControl.getAttribute("aria-checked")).toBe("true");
    // The switch says what it turns on, not only to screen readers.
    expect(await row.getByRole("cell").last().innerText()).toMatch(/^Active\b/);
    const [stored] = await apiCall("/api/valuers", { token: owner.token });
    expect(stored).toMatchObject({ name: "Jane Wanjiku", qualification: "FRICS, Registered Valuer", isActive: true });
    expect(stored.phone).toBe("+254 700 111 222");

    // Delete asks in our own dialog, with the spec's question: Cancel keeps the valuer, Delete deletes it.
    await row.getByRole("button", { name: "Delete Jane Wanjiku" }).click();
    const confirmDialog = page.getByRole("alertdialog", { name: "Delete Jane Wanjiku?" });
    await confirmDialog.getByText(DELETE_CONFIRMATION, { exact: true }).waitFor();
    await confirmDialog.getByRole("button", { name: "Cancel" }).click();
    await confirmDialog.waitFor({ state: "detached" });
    expect(await apiCall("/api/valuers", { token: owner.token })).toHaveLength(1);

    await row.getByRole("button", { name: "Delete Jane Wanjiku" }).click();
    await confirmDialog.getByRole("button", { name: "Delete", exact: true }).click();
    expect(await expectToast(page, "Valuer deleted successfully")).toBe("default");
    await page.getByText("No valuers found", { exact: true }).waitFor();
    await confirmDialog.waitFor({ state: "detached" });
    expect(await apiCall("/api/valuers", { token: owner.token })).toEqual([]);
    await context.close();
  });

  it("drops a page's toast when the user moves to another page", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/valuers");
    await addValuerThroughDialog(page, { name: "Ruth Achieng", phone: "+254 700 333 444", qualification: "MRICS" });
    await expectToast(page, "Valuer added successfully");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "QR History" }).click();
    await page.getByRole("heading", { name: "QR History" }).waitFor();
    // Gone at once, not after its 5 seconds: it belonged to the valuers page.
    expect(await page.locator("li[data-variant]").count()).toBe(0);
    await context.close();
  });

  it("refreshes the dashboard's Valuers count after adding one", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    const valuersCount = page
      .locator("p", { hasText: /^Valuers$/ })
      .locator("xpath=..")
      .getByTestId("stat-value");
    await page.goto("/");
    await valuersCount.filter({ hasText: /^0$/ }).waitFor();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Company Valuers" }).click();
    await page.getByText("No valuers found", { exact: true }).waitFor();
    await addValuerThroughDialog(page, { name: "Peter Otieno", phone: "", qualification: "" });
    // Blank optional fields are shown as a dash, not as empty cells.
    await valuerRow(page, "Peter Otieno").waitFor();
    expect(await valuerRow(page, "Peter Otieno").getByRole("cell").allInnerTexts()).toEqual([
      "Peter Otieno",
      "—",
      "—",
      "—",
      expect.stringContaining("Not checked"),
      "Active",
      expect.any(String),
    ]);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await valuersCount.filter({ hasText: /^1$/ }).waitFor();
    await context.close();
  });

  it("shows the server's message when a change fails, and the fallback text when there is none", async () => {
    const owner = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(owner.token, {
      name: "Grace Njeri",
      phone: undefined,
      qualification: "MISK",
    });
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/valuers");
    const row = valuerRow(page, "Grace Njeri");
    await row.waitFor();

    // Deleted elsewhere meanwhile: the server answers 404 with its own message.
    await apiCall(`/api/valuers/${valuer.id}`, { token: owner.token, method: "DELETE" });
    await row.getByRole("button", { name: "Delete Grace Njeri" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
    expect(await expectToast(page, "Failed to delete valuer", "Valuer not found")).toBe("destructive");

    await row.getByRole("button", { name: "Edit Grace Njeri" }).click();
    await page.getByRole("dialog", { name: "Edit Valuer" }).getByRole("button", { name: "Save Changes" }).click();
    expect(await expectToast(page, "Failed to update valuer", "Valuer not found")).toBe("destructive");
    await page.getByRole("dialog", { name: "Edit Valuer" }).getByRole("button", { name: "Cancel" }).click();

    // A network failure has no server message: the spec's fallback stands alone.
    await page.route("**/api/valuers", (route) =>
      route.request().method() === "POST" ? route.abort("failed") : route.fallback(),
    );
    await page.getByRole("button", { name: "Add Valuer" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Valuer" });
    await dialog.getByLabel("Full Name").fill("Offline Valuer");
    await dialog.getByRole("button", { name: "Add Valuer" }).click();
    expect(await expectToast(page, "Failed to add valuer")).toBe("destructive");
    // The dialog stays open with what was typed, so nothing is lost.
    expect(await dialog.getByLabel("Full Name").inputValue()).toBe("Offline Valuer");
    await context.close();
  });

  it("on a 401 shows the logged-out toast and returns to / signed out", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/valuers");
    await page.getByText("No valuers found", { exact: true }).waitFor();
    // The session ends on the server (e.g. signed out on another tab).
    await apiCall("/api/logout", { token: owner.token, method: "POST" });

    await page.getByRole("button", { name: "Add Valuer" }).click();
    await page.getByLabel("Full Name").fill("Too Late");
    await page.getByRole("dialog").getByRole("button", { name: "Add Valuer" }).click();
    expect(await expectToast(page, "Unauthorized", "You are logged out. Logging in again...")).toBe("destructive");
    await page.waitForURL(`${browser.appUrl}/`);
    await page.getByRole("button", { name: "Valuer Dashboard" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await context.close();
  });

  it("fits a 360 px phone: each valuer is a card with every control on screen, and the page does not scroll sideways", async () => {
    const owner = await registerOwnerViaApi();
    await createValuerViaApi(owner.token, {
      name: "Samuel Kiprotich Arap Moi",
      phone: "+254 722 000 000",
      qualification: "Registered Valuer",
    });
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/valuers");
    await valuerRow(page, "Samuel Kiprotich Arap Moi").waitFor();
    await page.getByRole("button", { name: "Add Valuer" }).waitFor();
    for (const control of [
      page.getByRole("switch", { name: "Samuel Kiprotich Arap Moi is active" }),
      page.getByRole("button", { name: "Edit Samuel Kiprotich Arap Moi" }),
      page.getByRole("button", { name: "Delete Samuel Kiprotich Arap Moi" }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    }
    // The column names move into the cards.
    const statusLabel = await page.evaluate(
      () => getComputedStyle(document.querySelector('td[data-label="Status"]')!, "::before").content,
    );
    expect(statusLabel).toBe('"Status"');
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await context.close();
  });
});

describe("valuers page (others)", () => {
  it("shows a member the non-owner message, the list, and no controls", async () => {
    const owner = await registerOwnerViaApi();
    await createValuerViaApi(owner.token, { name: "Alice Achieng", phone: "+254 733 000 111", qualification: "MRICS" });
    const member = await joinAsMemberInBrowser(browser, owner.token);
    const { page } = member;
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Company Valuers" }).click();
    await page.getByText(NON_OWNER_NOTICE, { exact: true }).waitFor();
    const row = valuerRow(page, "Alice Achieng");
    await row.waitFor();
    await row.getByText("Active", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Add Valuer" }).count()).toBe(0);
    expect(await page.getByRole("columnheader", { name: "Actions" }).count()).toBe(0);
    expect(await row.getByRole("button").count()).toBe(0);
    expect(await row.getByRole("switch").count()).toBe(0);
    await member.context.close();
  });

  it("sends an administrator to /admin", async () => {
    const account = await registerOwnerViaApi();
    await promoteToAdminInDb(account.user.id);
    const { page, context } = await browser.newPage({ token: account.token });
    await page.goto("/valuers");
    await page.waitForURL(`${browser.appUrl}/admin`);
    expect(await page.getByText(NON_OWNER_NOTICE).count()).toBe(0);
    await context.close();
  });
});
