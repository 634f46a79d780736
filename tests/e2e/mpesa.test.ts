import { describe, expect, inject, it } from "vitest";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { createAdminViaDb } from "./fixtures/admins";
import { expectNoHorizontalScroll, expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { queryAppDatabase } from "./fixtures/database";
import { apiCall } from "./fixtures/http";
import { pageTexts } from "./fixtures/pdf";
import { downloadedFile } from "./fixtures/qr-images";

/**
 * Paying for credits with M-Pesa on a phone, as a Kenyan firm does: the prompt goes to the Daraja
 * emulator's phone, where the test answers as the payer would (in another tab); the emulator posts
 * Safaricom-shaped callbacks to the app, which asks Daraja's status query before it credits.
 */
const browser = useBrowser();
const daraja = inject("darajaEmulatorUrl");

async function ownerWithBillingDetails() {
  const owner = await registerOwnerViaApi();
  await apiCall("/api/billing/details", {
    token: owner.token,
    method: "PUT",
    body: { legalName: "Mvule Valuers Ltd", postalAddress: "PO Box 7, Nakuru", kraPin: "P051234567X", currency: "KES" },
  });
  return owner;
}

describe("paying with M-Pesa", () => {
  it("sends the prompt to the phone, counts down its minute, and shows the payment received", async () => {
    const owner = await ownerWithBillingDetails();
    const before = (await apiCall("/api/billing", { token: owner.token })).balance as number;
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });

    await page.goto("/billing");
    const tenPack = page.getByRole("list", { name: "Packs of credits" }).getByRole("listitem").filter({
      hasText: "10 codes",
    });
    await tenPack.getByRole("button", { name: "Pay 10 credits with M-Pesa" }).click();
    await page.getByText("Pay KSh 5,800.00 for 10 codes with M-Pesa").waitFor();
    await page.getByLabel("M-Pesa phone number").fill("0812 345 678");
    await page.getByRole("button", { name: "Send prompt" }).click();
    await page.getByText("Enter the M-Pesa phone number, like 0712 345 678").waitFor();
    await page.getByLabel("M-Pesa phone number").fill("0712 345 678");
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Send prompt" }).click();

    await page.getByText("Check your phone and enter your M-Pesa PIN").waitFor();
    await page.getByText("A prompt to pay KSh 5,800.00 to ValuSeal was sent to 07•• ••• 678.").waitFor();
    await page
      .getByRole("timer")
      .getByText(/The prompt stays open for \d+ more seconds?\./)
      .waitFor();
    await expectNoHorizontalScroll(page);

    // The payer's phone (the emulator's): the waiting prompt, the PIN, Send.
    const phone = await context.newPage();
    await phone.goto(`${daraja}/phone`);
    await phone.getByRole("link", { name: /Pay KES 5800 from 254712345678/ }).click();
    await phone.getByLabel("Enter M-Pesa PIN").fill("1234");
    await phone.getByRole("button", { name: "Send" }).click();
    const status = await phone
      .getByRole("status")
      .getByText(/Receipt [A-Z0-9]{10}\./)
      .textContent();
    const mpesaReceipt = /Receipt ([A-Z0-9]{10})\./.exec(status ?? "")![1]!;
    await phone.close();

    // Credited while the prompt's minute still runs: the countdown gives way to the payment.
    await page.getByText("Payment received").waitFor();
    await page.getByText(/10 credits were added to your balance\. Receipt VS-\d{6} for KSh 5,800\.00/).waitFor();
    expect((await apiCall("/api/billing", { token: owner.token })).balance).toBe(before + 10);
    const purchaseId = new URL(page.url()).pathname.split("/").pop()!;
    const paid = await apiCall(`/api/billing/purchases/${purchaseId}`, { token: owner.token });
    expect(new Date(paid.paidAt).getTime() - new Date(paid.mpesa.sentAt).getTime()).toBeLessThan(60_000);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: /Download receipt VS-\d{6}/ }).click(),
    ]);
    const receipt = pageTexts(new Uint8Array((await downloadedFile(download)).bytes)).join("\n");
    expect(receipt).toContain("M-Pesa");
    expect(receipt).toContain(mpesaReceipt);
  });

  it("says a cancelled prompt was not paid and sends it again from the same page", async () => {
    const owner = await ownerWithBillingDetails();
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/billing");
    await page.getByRole("button", { name: "Pay 50 credits with M-Pesa" }).click();
    await page.getByLabel("M-Pesa phone number").fill("+254 112 345 678");
    await page.getByRole("button", { name: "Send prompt" }).click();
    await page.getByText("Check your phone and enter your M-Pesa PIN").waitFor();

    const phone = await context.newPage();
    await phone.goto(`${daraja}/phone`);
    await phone
      .getByRole("link", { name: /from 254112345678/ })
      .first()
      .click();
    await phone.getByRole("button", { name: "Cancel" }).click();
    await phone.getByRole("status").getByText("Request cancelled by user").waitFor();

    await page.getByText("Not paid").waitFor();
    await page
      .getByText("The prompt was cancelled on the phone. No money was taken and no credits were added.")
      .waitFor();
    await page.getByText("Leave it empty to send the prompt to 01•• ••• 678 again.").waitFor();
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Send the prompt again" }).click();
    await page.getByText("Check your phone and enter your M-Pesa PIN").waitFor();
    await phone.goto(`${daraja}/phone`);
    await phone
      .getByRole("link", { name: /from 254112345678/ })
      .first()
      .waitFor();
  });

  it("lets an administrator settle a payment M-Pesa never confirmed, from the portal's receipt number", async () => {
    const owner = await ownerWithBillingDetails();
    const purchase = await apiCall("/api/billing/mpesa", {
      token: owner.token,
      body: { credits: 10, phone: "0722 000 111" },
    });
    // As the sweep leaves a prompt after 24 hours without an answer (tests/api/mpesa-payments.test.ts).
    await queryAppDatabase(
      `UPDATE mpesa_prompts SET state = 'needs-review', review_note = 'M-Pesa gave no answer within 24 hours'
        WHERE purchase_id = (SELECT id FROM purchases WHERE public_id = $1)`,
      [purchase.id],
    );
    const admin = await createAdminViaDb();
    const { page } = await browser.newPage({ token: admin.token, viewport: PHONE_VIEWPORT });
    await page.goto("/admin/billing");
    // The purchases list flags it, and the card above it settles it.
    const purchases = page.getByRole("table", { name: "Purchases" });
    await purchases.getByRole("row").filter({ hasText: "Needs review" }).first().waitFor();
    const reviews = page.getByRole("list", { name: "M-Pesa payments to review" });
    const entry = reviews.getByRole("listitem").filter({ hasText: purchase.id });
    await entry.getByText(/ · KSh 5,800\.00 from 254722000111$/).waitFor();
    await expectNoHorizontalScroll(page);
    await entry.getByLabel("M-Pesa receipt number").fill("no");
    await entry.getByRole("button", { name: "Mark paid" }).click();
    await entry.getByText("Enter the M-Pesa receipt number, like SLK4H7RT61").waitFor();
    await entry.getByLabel("M-Pesa receipt number").fill("slk4h7rt62");
    await entry.getByRole("button", { name: "Mark paid" }).click();
    await expectToast(page, "Payment settled");
    await entry.waitFor({ state: "detached" });
    const paid = await apiCall(`/api/billing/purchases/${purchase.id}`, { token: owner.token });
    expect(paid).toMatchObject({ status: "paid", mpesa: { state: "paid" } });
  });
});
