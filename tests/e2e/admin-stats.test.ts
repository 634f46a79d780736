import { describe, expect, it } from "vitest";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { holdRequests, useBrowser } from "./fixtures/browser";

/**
 * The admin dashboard's platform statistics (GET /api/admin/stats).
 */
const browser = useBrowser();

describe("admin dashboard", () => {
  it("shows Loading in the stat cards, then the platform numbers", async () => {
    const admin = await createAdminViaDb();
    await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: admin.token });
    const release = await holdRequests(page, "**/api/admin/stats");
    await page.goto("/admin");
    const stats = page.getByRole("region", { name: "Platform statistics" });
    await stats.locator('[aria-busy="true"]').first().waitFor();
    expect(await stats.locator('[aria-busy="true"]').count()).toBe(5);
    expect(await stats.getByText("Loading").count()).toBe(5);
    // The cards must show exactly what the server answered: other test files register accounts
    // meanwhile, so a second request of our own could count differently.
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/admin/stats"));
    release();
    const expected = (await (await answer).json()) as Record<string, number>;
    await stats.locator('[aria-busy="false"]').nth(4).waitFor();
    const labels = {
      "Total Users": expected.totalUsers,
      "Active Companies": expected.activeCompanies,
      "Total QR Codes": expected.totalQRCodes,
      "Verifications Today": expected.verificationsToday,
      "Awaiting verification": expected.companiesAwaitingVerification,
    };
    expect(expected.totalUsers).toBeGreaterThanOrEqual(2);
    for (const [label, value] of Object.entries(labels)) {
      const card = stats.locator('[aria-busy="false"]').filter({ hasText: label });
      expect(await card.getByTestId("stat-value").innerText()).toBe(value!.toLocaleString("en-GB"));
    }
    await context.close();
  });
});
