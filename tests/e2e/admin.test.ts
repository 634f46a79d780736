import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createAdminViaDb } from "../support/admin";
import { apiCall, expectToast, PHONE_VIEWPORT, registerOwnerViaApi, uniqueEmail, useBrowser } from "../support/browser";

const browser = useBrowser();

const ACCESS_DENIED = "Access Denied: You don't have permission to access this page.";
const TITLES = {
  "/admin": "Admin Dashboard",
  "/admin/companies": "Companies Management",
  "/admin/users": "User Management",
  "/admin/settings": "System Settings",
};

/** Today as the screens write a created date (formatDate, en-GB long, UTC). */
const todayLong = () =>
  new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A tag that only this test's users and companies carry, so a search finds exactly them. */
const uniqueTag = (label: string) => `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Every script the page downloads, so a test can say which chunks reached the browser. */
function recordScripts(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) bodies.push(response.text().catch(() => ""));
  });
  return async () => (await Promise.all(bodies)).join("\n");
}

async function openAdminPage(path: string, token: string, viewport?: { width: number; height: number }) {
  const { page, context } = await browser.newPage({ token, viewport });
  await page.goto(path);
  await page.getByRole("heading", { level: 1, name: TITLES[path as keyof typeof TITLES] }).waitFor();
  return { page, context };
}

async function search(page: Page, label: string, text: string) {
  await page.getByLabel(label).fill(text);
}

const rowWith = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

/** Waits until the table lists exactly these rows (a search has answered), each naming its text. */
async function expectOnlyRows(page: Page, texts: string[]) {
  await expect
    .poll(async () => {
      const rows = await page.locator("tbody tr").allTextContents();
      return rows.length === texts.length && texts.every((text) => rows.some((row) => row.includes(text)));
    })
    .toBe(true);
}

/** The <dd> next to a <dt> label in the company details dialog. */
const detailValue = (dialog: Locator, label: string) =>
  dialog.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

/** An owner whose company has one valuer and one code, and no phone or location (shown as N/A). */
async function ownerWithCodeAndValuer(tag: string) {
  const owner = await registerOwnerViaApi({
    email: uniqueEmail(tag),
    name: `Company ${tag}`,
    phone: "",
    location: "",
  });
  const valuer = await apiCall<{ id: number }>("/api/valuers", {
    token: owner.token,
    body: { name: "Vera Valuer", phone: "+254700111222" },
  });
  await apiCall("/api/qr-codes", {
    token: owner.token,
    body: {
      propertyType: "Real Estate",
      propertyAddress: `Plot 7, ${tag} Road`,
      propertyReference: "REF-77",
      marketValue: 1250000,
      currency: "KES",
      valuationDate: "15/01/2025",
      valuerId: valuer.id,
    },
  });
  return { ...owner, companyName: `Company ${tag}`, valuerId: valuer.id };
}

describe("admin screen access", () => {
  it("titles the screen after its path and moves between sections from the navigation", async () => {
    const admin = await createAdminViaDb();
    const { page, context } = await openAdminPage("/admin", admin.token);
    for (const [path, title] of Object.entries(TITLES)) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(title);
    }
    expect(await page.getByText("System Settings panel coming soon...").isVisible()).toBe(true);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Users" }).click();
    await page.getByRole("heading", { level: 1, name: "User Management" }).waitFor();
    await nav.getByRole("link", { name: "Companies" }).click();
    await page.getByRole("heading", { level: 1, name: "Companies Management" }).waitFor();
    await nav.getByRole("link", { name: "Admin Dashboard" }).click();
    await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
    await context.close();
  });

  it("sends an admin who opens / or /valuers to the admin dashboard", async () => {
    const admin = await createAdminViaDb();
    const { page, context } = await browser.newPage({ token: admin.token });
    for (const path of ["/", "/valuers"]) {
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
    for (const path of Object.keys(TITLES)) {
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
});

describe("admin dashboard", () => {
  it("shows Loading in the stat cards, then the platform numbers", async () => {
    const admin = await createAdminViaDb();
    await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: admin.token });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/admin/stats", async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/admin");
    const stats = page.getByRole("region", { name: "Platform statistics" });
    await stats.locator('[aria-busy="true"]').first().waitFor();
    expect(await stats.locator('[aria-busy="true"]').count()).toBe(4);
    expect(await stats.getByText("Loading").count()).toBe(4);
    const expected = await apiCall<Record<string, number>>("/api/admin/stats", { token: admin.token });
    release();
    await stats.locator('[aria-busy="false"]').nth(3).waitFor();
    const labels = {
      "Total Users": expected.totalUsers,
      "Active Companies": expected.activeCompanies,
      "Total QR Codes": expected.totalQRCodes,
      "Verifications Today": expected.verificationsToday,
    };
    expect(expected.totalUsers).toBeGreaterThanOrEqual(2);
    for (const [label, value] of Object.entries(labels)) {
      const card = stats.locator('[aria-busy="false"]').filter({ hasText: label });
      expect(await card.getByTestId("stat-value").innerText()).toBe(value!.toLocaleString("en-GB"));
    }
    await context.close();
  });
});

describe("companies management", () => {
  it("lists a company with its counts and real status, and Manage deactivates it after saying what that means", async () => {
    const admin = await createAdminViaDb();
    const tag = uniqueTag("manage");
    const owner = await ownerWithCodeAndValuer(tag);
    const { page, context } = await openAdminPage("/admin/companies", admin.token);
    await search(page, "Search companies", tag);
    await expectOnlyRows(page, [owner.companyName]);
    const row = rowWith(page, owner.companyName);
    const cells = row.getByRole("cell");
    expect(await cells.nth(0).innerText()).toContain(owner.email);
    expect(await cells.nth(1).innerText()).toContain(owner.email);
    expect(await cells.nth(2).innerText()).toBe("1");
    expect(await cells.nth(3).innerText()).toBe("1");
    expect(await cells.nth(4).innerText()).toBe("Active");
    expect(await cells.nth(5).innerText()).toBe(todayLong());

    await row.getByRole("button", { name: /^Manage/ }).click();
    const confirm = page.getByRole("alertdialog");
    const warning = await confirm.innerText();
    expect(warning).toContain("cannot create QR codes or change its valuers");
    expect(warning).toContain("existing QR codes keep verifying");
    await confirm.getByRole("button", { name: "Deactivate Company" }).click();
    expect(await expectToast(page, "Company status updated successfully")).toBe("default");
    await cells.nth(4).getByText("Inactive", { exact: true }).waitFor();
    // Refused without a body: wrangler dev mishandles a request body the Worker refuses unread.
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
    const owner = await ownerWithCodeAndValuer(tag);
    const { page, context } = await openAdminPage("/admin/companies", admin.token);
    await search(page, "Search companies", tag);
    await rowWith(page, owner.companyName).getByRole("button", { name: /^View/ }).click();
    const dialog = page.getByRole("dialog", { name: "Company Details" });
    await dialog.getByRole("heading", { name: "Company Information" }).waitFor();
    expect(await detailValue(dialog, "Name").innerText()).toBe(owner.companyName);
    expect(await detailValue(dialog, "Email").innerText()).toBe(owner.email);
    expect(await detailValue(dialog, "Phone").innerText()).toBe("N/A");
    expect(await detailValue(dialog, "Location").innerText()).toBe("N/A");

    const code = dialog.getByRole("table", { name: "The company's QR codes" }).locator("tbody tr");
    expect(await code.count()).toBe(1);
    const codeText = await code.innerText();
    for (const text of [`Plot 7, ${tag} Road`, "Real Estate", "KSh 1,250,000.00", "15 January 2025"]) {
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
    const { page, context } = await openAdminPage("/admin/companies", admin.token);
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
    const { page, context } = await openAdminPage("/admin/companies", admin.token);
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
    await dialog.getByText("Password must be at least 8 characters").waitFor();

    await password.fill("brand-new-passw0rd");
    await submit.click();
    expect(await expectToast(page, "Password reset successfully")).toBe("default");
    await dialog.waitFor({ state: "detached" });
    await expect(apiCall("/api/login", { body: { email: owner.email, password: owner.password } })).rejects.toThrow(
      /401/,
    );
    const signedIn = await apiCall<{ token: string }>("/api/login", {
      body: { email: owner.email, password: "brand-new-passw0rd" },
    });
    expect(signedIn.token).toBeTruthy();
    await expect(apiCall("/api/auth/user", { token: owner.token })).rejects.toThrow(/401/);
    await context.close();
  });

  it("fits a phone screen: the table scrolls inside its card, not the page", async () => {
    const admin = await createAdminViaDb();
    const { page, context } = await openAdminPage("/admin/companies", admin.token, PHONE_VIEWPORT);
    await page.locator("tbody tr").first().getByRole("button", { name: /^View/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe("user management", () => {
  it("deactivates one user, who is signed out on their next request, and activates them again", async () => {
    const admin = await createAdminViaDb();
    const target = await registerOwnerViaApi({ email: uniqueEmail(uniqueTag("toggle")) });
    const targetSession = await browser.newPage({ token: target.token });
    await targetSession.page.goto("/");
    await targetSession.page.getByTestId("company-name").waitFor();

    const { page, context } = await openAdminPage("/admin/users", admin.token);
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

    await row.getByRole("button", { name: `Deactivate ${target.email}` }).click();
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

  it("deletes one user after a warning that it cannot be undone and takes their company with it", async () => {
    const admin = await createAdminViaDb();
    const tag = uniqueTag("delete");
    const target = await ownerWithCodeAndValuer(tag);
    const { page, context } = await openAdminPage("/admin/users", admin.token);
    await search(page, "Search users", target.email);
    await rowWith(page, target.email)
      .getByRole("button", { name: `Delete ${target.email}` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Delete User" });
    const warning = await confirm.innerText();
    expect(warning).toContain(target.email);
    expect(warning).toContain("This action cannot be undone");
    expect(warning).toContain("also deletes the user's companies, valuers and codes");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    expect(await expectToast(page, "User deleted successfully")).toBe("default");
    await page.getByText("No users found").waitFor();
    const companies = await apiCall<{ total: number }>(`/api/admin/companies-detailed?page=1&search=${tag}`, {
      token: admin.token,
    });
    expect(companies.total).toBe(0);
    await context.close();
  });

  it("selects all users on the page, then bulk deactivates, activates and deletes them", async () => {
    const admin = await createAdminViaDb();
    const tag = uniqueTag("bulk");
    const targets = [];
    for (let i = 0; i < 3; i++) targets.push(await registerOwnerViaApi({ email: uniqueEmail(tag) }));
    const { page, context } = await openAdminPage("/admin/users", admin.token);
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
    expect(
      await page.getByLabel("Select all users on this page").evaluate((box: HTMLInputElement) => box.indeterminate),
    ).toBe(true);
    await page.getByLabel("Select all users on this page").check();
    for (const target of targets) expect(await page.getByLabel(`Select ${target.email}`).isChecked()).toBe(true);
    expect(await bulk.innerText()).toContain("3 selected");

    await bulkButton("Deactivate").click();
    expect(await expectToast(page, "3 users deactivated")).toBe("default");
    for (const target of targets) {
      await rowWith(page, target.email).getByRole("cell").nth(4).getByText("Inactive", { exact: true }).waitFor();
    }
    expect(await bulk.innerText()).toContain("0 selected");

    await page.getByLabel("Select all users on this page").check();
    await bulkButton("Activate").click();
    expect(await expectToast(page, "3 users activated")).toBe("default");
    for (const target of targets) {
      await rowWith(page, target.email).getByRole("cell").nth(4).getByText("Active", { exact: true }).waitFor();
    }

    await page.getByLabel("Select all users on this page").check();
    await bulkButton("Delete").click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Users" });
    const warning = await confirm.innerText();
    expect(warning).toContain("Delete 3 selected users?");
    expect(warning).toContain("This action cannot be undone");
    expect(warning).toContain("companies, valuers and codes");
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    expect(await expectToast(page, "3 users deleted")).toBe("default");
    await page.getByText("No users found").waitFor();
    await context.close();
  });

  it("does not let the admin deactivate, delete or select their own account", async () => {
    const admin = await createAdminViaDb();
    const { page, context } = await openAdminPage("/admin/users", admin.token);
    await search(page, "Search users", admin.email);
    await expectOnlyRows(page, [admin.email]);
    const row = rowWith(page, admin.email);
    await row.getByText("You cannot deactivate or delete your own account").waitFor();
    expect(await row.getByRole("cell").nth(3).innerText()).toBe("Admin");
    expect(await page.getByLabel(`Select ${admin.email}`).isDisabled()).toBe(true);
    expect(await row.getByRole("button", { name: `Deactivate ${admin.email}` }).isDisabled()).toBe(true);
    expect(await row.getByRole("button", { name: `Delete ${admin.email}` }).isDisabled()).toBe(true);
    expect(await page.getByLabel("Select all users on this page").isDisabled()).toBe(true);
    await context.close();
  });
});

describe("audit log", () => {
  it("lists admin changes newest first with who, action, target and details, also on the dashboard", async () => {
    const admin = await createAdminViaDb();
    const tag = uniqueTag("audit");
    const owner = await registerOwnerViaApi({ email: uniqueEmail(tag), name: `Company ${tag}` });
    const companyId = owner.user.company.id;
    await apiCall(`/api/admin/companies/${companyId}/status`, {
      token: admin.token,
      method: "PATCH",
      body: { isActive: false },
    });
    await apiCall(`/api/admin/users/${owner.user.id}/status`, {
      token: admin.token,
      method: "PATCH",
      body: { isActive: false },
    });
    await apiCall(`/api/admin/companies/${companyId}/reset-password`, {
      token: admin.token,
      method: "PATCH",
      body: { password: "another-passw0rd" },
    });

    const { page, context } = await openAdminPage("/admin/settings", admin.token);
    const log = page.getByRole("table", { name: "Audit log, newest first" });
    await log.locator("tbody tr").nth(2).waitFor();
    const expectedRows = [
      ["Company password reset", `Company #${companyId}`, `Owner: ${owner.email}`],
      ["User deactivated", `User #${owner.user.id}`, owner.email],
      ["Company deactivated", `Company #${companyId}`, `Company ${tag}`],
    ];
    for (const [index, texts] of expectedRows.entries()) {
      const cells = log.locator("tbody tr").nth(index).getByRole("cell");
      expect(await cells.nth(0).innerText()).toBe(admin.email);
      expect(await cells.nth(1).innerText()).toBe(texts[0]);
      expect(await cells.nth(3).innerText()).toMatch(/\d{4}/);
      const rowText = await log.locator("tbody tr").nth(index).innerText();
      for (const text of texts.slice(1)) expect(rowText).toContain(text);
    }

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin Dashboard" }).click();
    const recent = page.getByRole("table", { name: "Audit log, newest first" });
    await recent.getByText("Company password reset").waitFor();
    expect(await recent.locator("tbody tr").count()).toBeLessThanOrEqual(5);
    await context.close();
  });
});
