import { describe, expect, it } from "vitest";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { ACCESS_DENIED, ADMIN_TITLES, openAdminPage, recordScripts } from "./fixtures/admin-screens";
import { createAdminViaDb } from "./fixtures/admins";
import { useBrowser } from "./fixtures/browser";
import { createOwnerWithCodesViaApi } from "./fixtures/codes";

/**
 * Who gets the admin screens: their titles and navigation, admins sent there from the workspace, and
 * neither a normal user nor a visitor ever downloading them.
 */
const browser = useBrowser();

describe("admin screen access", () => {
  it("titles the screen after its path and moves between sections from the navigation", async () => {
    const admin = await createAdminViaDb();
    const { page, context } = await openAdminPage(browser, "/admin", admin.token);
    for (const [path, title] of Object.entries(ADMIN_TITLES)) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(title);
    }
    // The settings that exist, not a placeholder.
    await page.getByRole("heading", { level: 2, name: "Signing keys" }).waitFor();
    expect(await page.getByText("coming soon").count()).toBe(0);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Users" }).click();
    await page.getByRole("heading", { level: 1, name: "User Management" }).waitFor();
    await nav.getByRole("link", { name: "Companies" }).click();
    await page.getByRole("heading", { level: 1, name: "Companies Management" }).waitFor();
    await nav.getByRole("link", { name: "Admin Dashboard" }).click();
    await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
    await context.close();
  });

  it("sends an admin who opens a workspace screen to the admin dashboard", async () => {
    const admin = await createAdminViaDb();
    const { page, context } = await browser.newPage({ token: admin.token });
    // Admins have no company: the workspace screens could only fail to load for them.
    for (const path of ["/", "/valuers", "/create-qr", "/qr-history", "/qr/1"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/admin");
    }
    await context.close();
  });

  it("shows a normal user only Access Denied and never sends them the admin screens", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    const scripts = recordScripts(page);
    const adminCalls: string[] = [];
    page.on("request", (request) => request.url().includes("/api/admin/") && adminCalls.push(request.url()));
    for (const path of Object.keys(ADMIN_TITLES)) {
      await page.goto(path);
      await page.getByText(ACCESS_DENIED).waitFor();
      expect((await page.getByRole("main").innerText()).trim()).toBe(ACCESS_DENIED);
    }
    await page.waitForLoadState("networkidle");
    expect(await scripts()).not.toContain("Companies Management");
    expect(adminCalls).toEqual([]);
    await context.close();
  });

  it("gives a visitor the landing page on /admin without the admin screens, and an admin gets them", async () => {
    const visitor = await browser.newPage();
    const visitorScripts = recordScripts(visitor.page);
    await visitor.page.goto("/admin/users");
    await visitor.page.getByRole("button", { name: "Valuer Dashboard" }).waitFor();
    await visitor.page.waitForLoadState("networkidle");
    expect(await visitorScripts()).not.toContain("Companies Management");
    await visitor.context.close();

    // The same check sees the chunk when it is sent, so the two tests above can fail.
    const admin = await createAdminViaDb();
    const { page, context } = await browser.newPage({ token: admin.token });
    const adminScripts = recordScripts(page);
    await page.goto("/admin/users");
    await page.getByRole("heading", { level: 1, name: "User Management" }).waitFor();
    expect(await adminScripts()).toContain("Companies Management");
    await context.close();
  });

  it("System Settings lists the signing keys and refuses a compromise time in the future", async () => {
    // Something has been signed, so the platform's key is on record.
    await createOwnerWithCodesViaApi();
    const admin = await createAdminViaDb();
    const { page, context } = await openAdminPage(browser, "/admin/settings", admin.token);
    const keys = page.getByRole("group", { name: "Signing keys, oldest first" });
    await keys.getByText("Signing now").first().waitFor();
    await keys.getByRole("button", { name: "Mark compromised" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Mark this key compromised?" });
    await dialog.getByText("This cannot be undone.").waitFor();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await dialog.getByLabel("Compromised since (your local time)").fill(local);
    await dialog.getByRole("button", { name: "Mark Compromised" }).click();
    await dialog.getByRole("alert").getByText("The compromise time cannot be in the future").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await keys.getByText("Signing now").first().waitFor();
    await context.close();
  });
});
