import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmEmailInDb, registerUnconfirmedOwnerViaApi } from "./fixtures/accounts";
import { verifyCompanyViaAdmin } from "./fixtures/admins";
import { expectToast, PHONE_VIEWPORT, SCREEN_POLL, useBrowser } from "./fixtures/browser";
import { waitForEmail } from "../shared/inbox";
import { fillRealEstateCode } from "./fixtures/codes";
import { apiCall } from "./fixtures/http";
import { makeReportPdf } from "./fixtures/pdf";
import { sealInBrowser } from "./fixtures/sealing";

/**
 * A new firm's way to its first sealed report, driven from the dashboard's setup checklist: each
 * step links to where it is done and ticks itself once it is.
 */
const browser = useBrowser();

const checklist = (page: Page) => page.getByRole("region", { name: "Get set up" });
const step = (page: Page, title: string) => checklist(page).getByRole("listitem").filter({ hasText: title });

/** The dashboard, once its checklist has read the company's data: "N of 5 done", with these steps ticked. */
async function expectChecklist(page: Page, done: string[]) {
  await page.goto("/");
  await checklist(page).getByText(`${done.length} of 5 done`).waitFor();
  const ticked = await checklist(page).getByRole("listitem").filter({ hasText: "(done)" }).allInnerTexts();
  expect(ticked.map((text) => text.split("\n")[0])).toEqual(done);
}

describe("the first run", () => {
  it("leads a new owner from the checklist to a sealed report, without a dead end", async () => {
    const owner = await registerUnconfirmedOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await expectChecklist(page, []);
    await step(page, "Confirm your email").getByText(`Follow the link we sent to ${owner.email}`).waitFor();

    // Following the emailed link is the auth tests' subject; here the address is confirmed directly.
    await confirmEmailInDb(owner.user.id);
    await page.reload();
    await expectChecklist(page, ["Confirm your email"]);

    // Creating a code before there is a valuer stops at the top of the form, with the way on.
    await page.goto("/create-qr");
    const noValuers = page.getByRole("alert").filter({ hasText: "No valuers available. Please add a valuer first." });
    await noValuers.waitFor();
    expect(await page.getByLabel("Property Type").isDisabled()).toBe(true);
    await noValuers.getByRole("link", { name: "Add a valuer" }).click();
    await page.getByRole("heading", { level: 1, name: /Valuers/ }).waitFor();
    await page.getByRole("button", { name: "Add Valuer" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Valuer" });
    await dialog.getByLabel("Full Name").fill("Jane Wanjiku");
    await dialog.getByLabel("Phone Number").fill("+254700111222");
    await dialog.getByLabel("Professional Qualification").fill("MRICS");
    await dialog.getByRole("button", { name: "Add Valuer" }).click();
    await expectToast(page, "Valuer added successfully");
    await expectChecklist(page, ["Confirm your email", "Add a valuer"]);

    await step(page, "Submit your firm's registration").getByRole("link", { name: "Submit registration" }).click();
    expect(new URL(page.url()).pathname).toBe("/settings/company/verification");
    await page.getByLabel("Professional body").selectOption("RICS");
    await page.getByLabel("Registration number").fill("RICS-0042117");
    await page.getByRole("button", { name: "Save registration" }).click();
    await expectToast(page, "Registration saved");
    await expectChecklist(page, [
      "Confirm your email",
      "Add a valuer",
      "Submit your firm's registration for verification",
    ]);
    await step(page, "Submit your firm's registration").getByText("Submitted: ValuSeal is checking it.").waitFor();

    // Issuing before verification says what the certificate will show, on the checklist and the form.
    await step(page, "Create your first code")
      .getByText(/a code created before reads “Issued before ValuSeal verified this firm” until ValuSeal confirms it/)
      .waitFor();
    await step(page, "Create your first code").getByRole("link", { name: "Create a code" }).click();
    const notice = page.getByRole("note").filter({ hasText: "ValuSeal is checking your firm's registration" });
    await notice.getByText(/sees “Issuer not verified by ValuSeal” in amber instead of “Verified Authentic”/).waitFor();
    await fillRealEstateCode(page);
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    await expectToast(page, "QR Code generated successfully!");
    await expectChecklist(page, [
      "Confirm your email",
      "Add a valuer",
      "Submit your firm's registration for verification",
      "Create your first code",
    ]);

    expect(
      await step(page, "Seal the report").getByRole("link", { name: "Choose a code to seal" }).getAttribute("href"),
    ).toBe("/qr-history");
    const [code] = await apiCall<{ id: number; publicToken: string }[]>("/api/qr-codes?limit=1", {
      token: owner.token,
    });
    await sealInBrowser(page, code!.id, await makeReportPdf({ pages: 2 }));

    // Everything done: once the dashboard has read what the checklist reads, the checklist steps aside.
    const read = ["/api/companies/current", "/api/valuers", "/api/analytics/stats"].map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path && response.ok()),
    );
    await page.goto("/");
    await Promise.all(read);
    await expect.poll(() => page.getByRole("region", { name: "Statistics" }).innerText(), SCREEN_POLL).toContain("1");
    expect(await checklist(page).count()).toBe(0);

    // ValuSeal verifies the firm with the code issued earlier under these details (the verify dialog
    // ticks that by default: tests/e2e/trusted-issuers.test.ts): the report already sent is green,
    // and the owner is told.
    await verifyCompanyViaAdmin(owner.user.company.id, { confirmEarlierCodes: true });
    const verified = await waitForEmail(owner.email, "is verified");
    expect(verified.text).toContain(
      "Valid codes you issue from now on under exactly these details read “Verified Authentic”",
    );
    expect(verified.text).not.toContain("still reads");
    const scanned = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await scanned.page.goto(`/v/${code!.publicToken}`);
    await scanned.page.getByText("Verified Authentic").first().waitFor();
    await scanned.context.close();
    await context.close();
  });
});
