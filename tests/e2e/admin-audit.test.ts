import { describe, expect, it } from "vitest";
import { registerOwnerViaApi, uniqueEmail } from "./fixtures/accounts";
import { openAdminPage, uniqueTag } from "./fixtures/admin-screens";
import { createAdminViaDb } from "./fixtures/admins";
import { useBrowser } from "./fixtures/browser";
import { apiCall } from "./fixtures/http";

/**
 * The audit log of administrators' changes (System Settings and the dashboard).
 */
const browser = useBrowser();

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

    const { page, context } = await openAdminPage(browser, "/admin/settings", admin.token);
    const log = page.getByRole("table", { name: "Audit log, newest first" });
    // Other files' administrators work at the same time: this administrator's rows, newest first.
    const ours = log.locator("tbody tr").filter({ hasText: admin.email });
    await ours.nth(2).waitFor();
    const expectedRows = [
      ["Company password reset", `Company #${companyId}`, `Owner: ${owner.email}`],
      ["User deactivated", `User #${owner.user.id}`, owner.email],
      ["Company deactivated", `Company #${companyId}`, `Company ${tag}`],
    ];
    for (const [index, texts] of expectedRows.entries()) {
      const cells = ours.nth(index).getByRole("cell");
      expect(await cells.nth(0).innerText()).toBe(admin.email);
      expect(await cells.nth(1).innerText()).toBe(texts[0]);
      expect(await cells.nth(3).innerText()).toMatch(/\d{4}/);
      const rowText = await ours.nth(index).innerText();
      for (const text of texts.slice(1)) expect(rowText).toContain(text);
    }

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin Dashboard" }).click();
    const recent = page.getByRole("table", { name: "Audit log, newest first" });
    // Other files' administrators work at the same time: this company's reset is the row to find.
    await recent
      .getByRole("row")
      .filter({ hasText: "Company password reset" })
      .filter({ hasText: `Company #${companyId}` })
      .waitFor();
    expect(await recent.locator("tbody tr").count()).toBeLessThanOrEqual(5);
    await context.close();
  });
});
