import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RECENT_VALUATION } from "../shared/dates";
import { expectNoHorizontalScroll, expectToast, PHONE_VIEWPORT, SCREEN_POLL, useBrowser } from "./fixtures/browser";
import { createCodeViaApi, createOwnerWithCodesViaApi } from "./fixtures/codes";
import { apiCall } from "./fixtures/http";
import { joinAsMemberInBrowser } from "./fixtures/team";

/**
 * Revoking and reinstating a code on its detail page (/qr/:id), and what the printed address
 * and the history list then show.
 */
const browser = useBrowser();

const statusPanel = (page: Page) => page.getByRole("region", { name: "Verification Status" });

async function openCertificate(address: string) {
  const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
  await page.goto(address);
  await page.getByRole("heading", { level: 1, name: "Property Valuation Certificate" }).waitFor();
  return { page, context };
}

/**
 * Download is the filled, primary button for a valid code, and a secondary one like Copy once
 * revoked. The pointer is moved away first, so no button shows its hover colour.
 */
async function downloadLooksLikeCopy(page: Page): Promise<boolean> {
  await page.mouse.move(0, 0);
  const background = (name: string) =>
    page.getByRole("button", { name, exact: true }).evaluate((element) => getComputedStyle(element).backgroundColor);
  return (await background("Download")) === (await background("Copy"));
}

describe("revocation on the code detail page", () => {
  it("revokes with a reason and a replacement, shows it on the printed address and in history, then reinstates", async () => {
    const { owner, code, replacement } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    // History first, so its cached list must be refreshed by the revocation.
    await page.goto("/qr-history");
    await page.getByRole("link", { name: "View 12 Riverside Drive, Westlands, Nairobi" }).click();
    const panel = statusPanel(page);
    await panel.getByText("Valid", { exact: true }).waitFor();
    await panel.getByText("No changes: the code has been valid since it was created.").waitFor();
    // One status badge on the page, in the status panel.
    expect(await page.getByRole("main").locator("[data-status]").count()).toBe(1);
    expect(await downloadLooksLikeCopy(page)).toBe(false);

    await panel.getByRole("button", { name: "Revoke code" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this code?" });
    await dialog.getByRole("button", { name: "Revoke code" }).click();
    await dialog.getByRole("alert").getByText("Reason is required").waitFor();
    // A reason too long is kept as typed and counted, never cut: the count says by how much.
    await dialog.getByLabel("Reason").fill("x".repeat(503));
    await dialog.getByText("You have 3 characters too many").waitFor();
    expect((await dialog.getByLabel("Reason").inputValue()).length).toBe(503);
    await dialog.getByRole("button", { name: "Revoke code" }).click();
    await dialog.getByRole("alert").getByText("Must be at most 500 characters").waitFor();
    await dialog.getByLabel("Reason").fill("Superseded by a new valuation");
    await dialog.getByText("You have 471 characters remaining").waitFor();
    const successor = dialog.getByRole("combobox", { name: "Replaced by (optional)" });
    const replacementLabel = `14 Riverside Drive, Westlands, Nairobi · VAL-2025-002 · ${RECENT_VALUATION.dayMonthYear}`;
    const suggestions = dialog.getByRole("listbox", { name: "Codes that could replace this one" }).getByRole("option");
    // Before typing, the newest codes; never the code itself (nor a revoked code).
    await successor.focus();
    await expect.poll(() => suggestions.allInnerTexts(), SCREEN_POLL).toEqual([replacementLabel]);
    // Escape closes the open list, not the dialog around it.
    await successor.press("Escape");
    await expect.poll(() => successor.getAttribute("aria-expanded"), SCREEN_POLL).toBe("false");
    expect(await dialog.isVisible()).toBe(true);
    await successor.fill("no such place");
    await dialog.getByText("No other valid code matches “no such place”.").waitFor();
    // Found by what the owner remembers of it, here its reference in any case, picked with the keyboard.
    await successor.fill("val-2025-002");
    await expect.poll(() => suggestions.allInnerTexts(), SCREEN_POLL).toEqual([replacementLabel]);
    await successor.press("ArrowDown");
    await successor.press("Enter");
    expect(await successor.inputValue()).toBe(replacementLabel);
    await dialog.getByRole("button", { name: "Revoke code" }).click();
    expect(await expectToast(page, "Code revoked")).toBe("default");
    await dialog.waitFor({ state: "detached" });

    await panel.getByText(/^Revoked on .+ by Olive Owner$/).waitFor();
    await panel.getByText("Reason: Superseded by a new valuation").first().waitFor();
    expect(await panel.getByRole("link", { name: "14 Riverside Drive, Westlands, Nairobi" }).getAttribute("href")).toBe(
      `/qr/${replacement.id}`,
    );
    const history = panel.getByRole("list", { name: "Status history" }).getByRole("listitem");
    await expect
      .poll(() => history.allInnerTexts(), SCREEN_POLL)
      .toEqual([expect.stringMatching(/^Revoked[\s\S]*by Olive Owner/)]);
    expect(await panel.getByRole("button", { name: "Revoke code" }).count()).toBe(0);
    // The image is still there for the record, but the page warns against using it.
    await page
      .getByRole("note")
      .getByText(/This code was replaced: anyone who scans it sees “Replaced by a newer valuation”/)
      .waitFor();
    // Polled: the buttons change colour with a short transition.
    await expect.poll(() => downloadLooksLikeCopy(page), SCREEN_POLL).toBe(true);

    // The printed address now says it was replaced, with the date, the reason and the link, at once.
    const phone = await openCertificate(code.qrCodeData);
    await phone.page.getByText("Replaced by a newer valuation", { exact: true }).waitFor();
    await phone.page.getByText(/^Revoked on \d{1,2} \w+ \d{4}\. The issuer has withdrawn this valuation\./).waitFor();
    await phone.page.getByText("Reason: Superseded by a new valuation").waitFor();
    expect(await phone.page.getByRole("link", { name: "Open the new valuation" }).getAttribute("href")).toBe(
      replacement.qrCodeData,
    );
    expect(await phone.page.getByText("Verified Authentic").count()).toBe(0);
    await expectNoHorizontalScroll(phone.page);

    // The history list shows the same status without a reload.
    await page.getByRole("main").getByRole("link", { name: "QR History", exact: true }).click();
    const row = page.getByRole("row").filter({ hasText: "VAL-2025-001" });
    await row.getByText("Superseded", { exact: true }).waitFor();
    await page.goBack();

    await panel.getByRole("button", { name: "Reinstate code" }).click();
    const reinstate = page.getByRole("dialog", { name: "Reinstate this code?" });
    await reinstate.getByLabel("Reason").fill("Revoked by mistake");
    await reinstate.getByRole("button", { name: "Reinstate code" }).click();
    await expectToast(page, "Code reinstated");
    await panel.getByText("Valid", { exact: true }).waitFor();
    await expect
      .poll(() => history.allInnerTexts(), SCREEN_POLL)
      .toEqual([
        expect.stringMatching(/^Reinstated[\s\S]*by Olive Owner[\s\S]*Reason: Revoked by mistake/),
        expect.stringMatching(/^Revoked[\s\S]*Reason: Superseded by a new valuation/),
      ]);

    await phone.page.reload();
    await phone.page.getByText("Verified Authentic").waitFor();
    // The withdrawal stays on the record, under the green badge, never as the status.
    await phone.page.getByText(/^Withdrawn on .+ and reinstated on .+$/).waitFor();
    await phone.page.getByText("Reason: Revoked by mistake").waitFor();
    expect(await phone.page.locator(".badge.bad").count()).toBe(0);
    await phone.context.close();
    await context.close();
  });

  it("lets a member revoke only the codes they created, and never reinstate", async () => {
    const { owner, valuer, code: ownersCode } = await createOwnerWithCodesViaApi();
    const member = await joinAsMemberInBrowser(browser, owner.token);
    const membersCode = await createCodeViaApi(member.token, valuer.id, { propertyReference: "VAL-M-1" });
    const { page } = member;

    await page.goto(`/qr/${ownersCode.id}`);
    const panel = statusPanel(page);
    await panel
      .getByText("Only the company owner or the person who created this code can revoke it.", { exact: true })
      .waitFor();
    expect(await panel.getByRole("button", { name: "Revoke code" }).count()).toBe(0);

    await page.goto(`/qr/${membersCode.id}`);
    await panel.getByRole("button", { name: "Revoke code" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this code?" });
    await dialog.getByLabel("Reason").fill("Wrong property reference");
    await dialog.getByRole("button", { name: "Revoke code" }).click();
    await expectToast(page, "Code revoked");
    await panel.getByText(/^Revoked on .+ by Mary Member$/).waitFor();
    await panel.getByText("Only the company owner can reinstate a revoked code.", { exact: true }).waitFor();
    expect(await panel.getByRole("button", { name: "Reinstate code" }).count()).toBe(0);
    await member.context.close();
  });

  it("says why the server refused, in a destructive toast", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto(`/qr/${code.id}`);
    await statusPanel(page).getByRole("button", { name: "Revoke code" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this code?" });
    await dialog.getByLabel("Reason").fill("Issued in error");
    // Meanwhile, someone else revoked it.
    await apiCall(`/api/qr-codes/${code.id}/revoke`, { token: owner.token, body: { reason: "Duplicate" } });
    await dialog.getByRole("button", { name: "Revoke code" }).click();
    expect(await expectToast(page, "Failed to revoke code", "This code is already revoked")).toBe("destructive");
    await context.close();
  });
});
