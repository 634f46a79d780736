import { describe, expect, it } from "vitest";
import { confirmEmailInDb, registerUnconfirmedOwnerViaApi } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { expectNoHorizontalScroll, expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { createCodeViaApi, fillRealEstateCode, VEHICLE_CODE } from "./fixtures/codes";
import { pageTexts } from "./fixtures/pdf";
import { downloadedFile } from "./fixtures/qr-images";
import { createValuerViaApi } from "./fixtures/valuers";
import { waitForEmail } from "../shared/inbox";

/**
 * Paying for codes as a new firm does, on a phone: the trial's credits, the "Buy credits" button
 * where the form would have been a dead end, the Stripe emulator's checkout (the app's real SDK
 * calls and signed events), the balance rising, and the receipt a Kenyan accountant reads.
 */
const browser = useBrowser();

describe("billing", () => {
  it("takes a new firm from its trial credits through a card payment to a receipt it can read", async () => {
    const owner = await registerUnconfirmedOwnerViaApi();
    await confirmEmailInDb(owner.user.id);
    const valuer = await createValuerViaApi(owner.token);
    // Two of the three trial credits spent through the API (vehicles: no location to suggest on the form).
    for (let index = 0; index < 2; index += 1) await createCodeViaApi(owner.token, valuer.id, VEHICLE_CODE);
    const { page } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });

    await page.goto("/create-qr");
    await page.getByTestId("code-cost").getByText("1 credit · balance 1").waitFor();
    await fillRealEstateCode(page);
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    await expectToast(page, "QR Code generated successfully!");
    // At 0 the form offers the way on instead of a button that can only fail.
    await page.getByText("You have no credits left: one credit pays for one code.").waitFor();
    expect(await page.getByRole("button", { name: "Generate QR Code" }).count()).toBe(0);
    await page.getByRole("link", { name: "Buy credits" }).click();

    await page.getByRole("heading", { level: 1, name: "Billing" }).waitFor();
    await page.getByTestId("credit-balance").getByText("0 credits").waitFor();
    const ledger = page.getByRole("region", { name: "Credit ledger" });
    await ledger.getByText("Trial").waitFor();
    expect(await ledger.getByText("Code issued").count()).toBe(3);

    // Billing details first: a tax invoice needs the buyer's name, address and KRA PIN.
    await page
      .getByText("Before your first purchase, tell us who your receipts (tax invoices) are made out to.")
      .waitFor();
    await page.getByLabel("Registered name").fill("Acacia Valuers Limited");
    await page.getByLabel("Postal address").fill("PO Box 100-00100, Nairobi");
    await page.getByLabel("KRA PIN").fill("P05123456");
    await page.getByRole("button", { name: "Save billing details" }).click();
    await page.getByText("Enter a KRA PIN like P051234567X").waitFor();
    await page.getByLabel("KRA PIN").fill("p051234567x");
    await page.getByRole("button", { name: "Save billing details" }).click();
    await expectToast(page, "Billing details saved");

    const packs = page.getByRole("list", { name: "Packs of credits" });
    const tenPack = packs.getByRole("listitem").filter({ hasText: "10 codes" });
    await tenPack.getByText("KSh 5,000.00 + VAT KSh 800.00").waitFor();
    await tenPack.getByText("Total KSh 5,800.00").waitFor();
    await expectNoHorizontalScroll(page);
    await tenPack.getByRole("button", { name: "Buy 10 credits" }).click();

    // Stripe's page (the emulator's): a declined card first, then one that pays.
    await page.getByText("Pay KES 5,800.00").waitFor();
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.getByRole("alert").getByText("Your card was declined.").waitFor();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay" }).click();

    await page.getByText("Payment received").waitFor();
    await page.getByText(/10 credits were added to your balance\. Receipt VS-\d{6} for KSh 5,800\.00/).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: /Download receipt VS-\d{6}/ }).click(),
    ]);
    const receipt = await downloadedFile(download);
    expect(receipt.name).toMatch(/^ValuSeal receipt VS-\d{6}\.pdf$/);
    const text = pageTexts(new Uint8Array(receipt.bytes)).join("\n");
    const number = /Receipt number: (VS-\d{6})/.exec(text)?.[1];
    expect(number).toBeDefined();
    for (const line of [
      "Tax invoice / Receipt",
      "Acacia Valuers Limited",
      "KRA PIN: P051234567X",
      "10 ValuSeal code credits",
      "VAT at 16 %: KSh 800.00",
      "Total paid (KES): KSh 5,800.00",
    ]) {
      expect(text).toContain(line);
    }

    await page.getByRole("link", { name: "Back to Billing" }).click();
    await page.getByTestId("credit-balance").getByText("10 credits").waitFor();
    const purchases = page.getByRole("region", { name: "Purchases and receipts" });
    await purchases.getByText("Paid").waitFor();
    await purchases.getByRole("button", { name: `Download receipt ${number}` }).waitFor();
    // The owner's copy arrives by email with the PDF.
    const email = await waitForEmail(owner.email, `receipt ${number}`);
    expect(email.attachments?.[0]?.contentType).toBe("application/pdf");

    await page.goto("/create-qr");
    await page.getByTestId("code-cost").getByText("1 credit · balance 10").waitFor();
  });

  it("lets an administrator set a price from a later day, kept beside the one charged now", async () => {
    const admin = await createAdminViaDb();
    const { page } = await browser.newPage({ token: admin.token, viewport: PHONE_VIEWPORT });
    await page.goto("/admin/billing");
    const prices = page.getByRole("region", { name: "Price list" });
    await prices.getByLabel("Pack", { exact: true }).selectOption("200");
    await prices.getByLabel("Currency").selectOption("USD");
    await prices.getByLabel("Price excluding VAT").fill("12.345");
    await prices.getByLabel("From").fill("2099-01-01");
    await prices.getByRole("button", { name: "Set price" }).click();
    await prices.getByText("Enter the price, like 5000.00").waitFor();
    await prices.getByLabel("Price excluding VAT").fill("575");
    await prices.getByRole("button", { name: "Set price" }).click();
    await expectToast(page, "Price set");
    const row = prices.getByRole("row").filter({ hasText: "$ 575.00" });
    await row.getByText("No", { exact: true }).waitFor();
    await expectNoHorizontalScroll(page);
  });
});
