import { describe, expect, it } from "vitest";
import { OWNER_PASSWORD } from "../shared/accounts";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { expectNoHorizontalScroll, expectToast, PHONE_VIEWPORT, SCREEN_POLL, useBrowser } from "./fixtures/browser";
import { apiCall, fetchApp } from "./fixtures/http";
import { joinAsMemberInBrowser } from "./fixtures/team";

/**
 * Company Details → Developers → API Keys: the owner makes a key for their own software, sees it
 * once, and revokes it; the key works against /api/v1 until then.
 */
const browser = useBrowser();

const listCodesWith = (key: string) => fetchApp("/api/v1/codes", { headers: { Authorization: `Bearer ${key}` } });

describe("API keys in Company Details", () => {
  it("on a phone: makes a key shown once, which works until it is revoked", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/settings/company/developers");
    const section = page.getByRole("region", { name: "API Keys" });
    await section.getByText("No API keys yet").waitFor();

    // The form's own words for what is missing.
    await section.getByLabel("Name").fill(" ");
    await section.getByRole("button", { name: "Create key" }).click();
    await section.getByRole("alert").getByText("Name the key after what will use it").waitFor();
    await section.getByRole("alert").getByText("Choose at least one permission").waitFor();

    await section.getByLabel("Name").fill("Report software");
    await section.getByRole("checkbox", { name: /codes:read/ }).check();
    await section.getByRole("checkbox", { name: /scans:read/ }).check();
    await section.getByLabel("Expires").selectOption("30");
    await section.getByLabel("Your password").fill("not my password");
    await section.getByRole("button", { name: "Create key" }).click();
    await section.getByRole("alert").getByText("Current password is incorrect").waitFor();
    await section.getByLabel("Your password").fill(OWNER_PASSWORD);
    await section.getByRole("button", { name: "Create key" }).click();
    await expectToast(page, "API key created", "Copy it now: it is shown only once.");
    // The key waits in a dialog that only its own button closes.
    const keyDialog = page.getByRole("dialog", { name: "Your new key: Report software" });
    const key = await keyDialog.getByLabel("New API key").innerText();
    expect(key).toMatch(/^vsk_live_[A-Za-z0-9]{32}$/);
    expect(await keyDialog.getByRole("button", { name: "Close" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await keyDialog.getByRole("button", { name: "Copy key" }).click();
    await expectToast(page, "Key copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await keyDialog.getByRole("button", { name: "I have stored it" }).click();
    await keyDialog.waitFor({ state: "detached" });

    const row = section.getByRole("row", { name: /Report software/ });
    await row.getByText(`vsk_live_…${key.slice(-4)}`).waitFor();
    await row.getByText("codes:read, scans:read").waitFor();
    await row.getByText("Never").waitFor();
    await expectNoHorizontalScroll(page);

    // The key works; the list then shows its use. Never shown again after a reload.
    expect((await listCodesWith(key)).status).toBe(200);
    // The last use is written after the answer.
    await expect
      .poll(async () => (await apiCall("/api/api-keys", { token: owner.token }))[0].lastUsedAt, SCREEN_POLL)
      .not.toBeNull();
    await page.reload();
    await row.getByText("Never").waitFor({ state: "detached" });
    expect(await page.content()).not.toContain(key);

    await row.getByRole("button", { name: "Revoke Report software" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Revoke this API key?" });
    await dialog.getByText(/is refused from its next request/).waitFor();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expectToast(page, "API key revoked", "Report software no longer works.");
    await row.getByText(/^Revoked /).waitFor();
    expect((await listCodesWith(key)).status).toBe(401);
    await context.close();
  });

  it("is not offered to a member", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await joinAsMemberInBrowser(browser, owner.token);
    await page.goto("/settings/company/developers");
    await page.getByText("Only the company owner can change webhooks.").waitFor();
    expect(await page.getByRole("region", { name: "API Keys" }).count()).toBe(0);
    await context.close();
  });
});
