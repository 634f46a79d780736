import { describe, expect, it } from "vitest";
import { queryAppDatabase } from "./fixtures/database";
import { confirmEmailInDb, signInViaApi, uniqueEmail } from "./fixtures/accounts";
import { verifyCompanyViaAdmin } from "./fixtures/admins";
import { expectNoHorizontalScroll, expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { createCodeViaApi, createOwnerWithCodesViaApi } from "./fixtures/codes";
import { apiCall } from "./fixtures/http";
import { formatDate } from "../../schema/format-date";
import { linkIn, waitForEmail } from "../shared/inbox";

/**
 * A lender on ValuSeal: registering as one, its own workspace, recording reliance on a valuation,
 * a reliance letter from the issuer, and being told when the valuation is revoked (the rules, every
 * warning and every notice are in tests/api/reliances.test.ts and tests/api/lender-watches.test.ts).
 */
const browser = useBrowser();

describe("a lender", () => {
  it("on a phone: registers as a bank, scans a valuation addressed to another bank, asks for a letter and records its loan; the firm grants the letter and later revokes; the bank is told", async () => {
    const { owner, valuer } = await createOwnerWithCodesViaApi();
    const code = await createCodeViaApi(owner.token, valuer.id, { addressee: "Kenya Commercial Bank" });

    // Registration: the choice between issuing and relying, and the kind of lender.
    const email = uniqueEmail("bank");
    const visitor = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await visitor.page.goto("/");
    await visitor.page.getByRole("button", { name: "Start Free Trial" }).click();
    const dialog = visitor.page.getByRole("dialog");
    await dialog.getByLabel("I rely on valuations").check();
    await dialog.getByLabel("Kind of Lender").selectOption("bank");
    await dialog.getByLabel("First Name").fill("Amina");
    await dialog.getByLabel("Last Name").fill("Odhiambo");
    await dialog.getByLabel("Institution Name").fill("Harambee Savings Bank Limited");
    await dialog.getByLabel("Institution Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill("s3cure-passw0rd");
    await dialog.getByLabel("Confirm Password").fill("s3cure-passw0rd");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expectToast(visitor.page, "Registration Successful", "Check your email to confirm your address.");
    await visitor.context.close();

    // Confirmed and verified as a real institution would be, then signed in.
    const signedIn = await signInViaApi(email, "s3cure-passw0rd");
    await confirmEmailInDb(signedIn.user.id);
    await verifyCompanyViaAdmin(signedIn.user.company.id);
    const { rows } = await queryAppDatabase("SELECT kind, lender_type FROM companies WHERE id = $1", [
      signedIn.user.company.id,
    ]);
    expect(rows).toEqual([{ kind: "lender", lender_type: "bank" }]);

    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, token: signedIn.token });
    // The lender's home is its portfolio, empty so far; the firm's screens are not offered.
    await page.goto("/");
    await page.getByRole("heading", { name: "Portfolio" }).waitFor();
    await page.getByText("No reliance recorded yet").waitFor();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    for (const item of ["Portfolio", "Record reliance", "Team", "Settings"]) {
      await menu.getByRole("link", { name: item }).waitFor();
    }
    expect(await menu.getByRole("link", { name: "Create QR Code" }).count()).toBe(0);

    // The officer scans the report's code: the certificate leads to recording reliance on it.
    await page.goto(`/v/${code.publicToken}`);
    await page.getByRole("link", { name: "Lender? Record reliance" }).click();
    await page.getByRole("heading", { name: "Record Reliance" }).waitFor();
    expect(await page.getByLabel("Verification Code").inputValue()).toBe(code.publicToken);
    await page.getByRole("button", { name: "Check valuation" }).click();

    // Its standing, and the warning that it is another bank's: the officer asks the issuer for a letter.
    const warnings = page.getByRole("list", { name: "Before you rely on it" });
    await warnings
      .getByText("Addressed to another institution — reliance needs a reliance letter from the issuer")
      .waitFor();
    await page.getByText("Kenya Commercial Bank").waitFor();
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Ask the issuer for a reliance letter" }).click();
    await page.getByText("Reliance letter requested. You will be told when the issuer answers.").first().waitFor();

    await page.getByLabel("Loan or Facility Reference").fill("HSB/MORT/2026/004821");
    await page.getByLabel("Amount Lent (KES)").fill("30,000,000");
    await page.getByRole("button", { name: "Record reliance" }).click();
    await expectToast(page, "Reliance recorded", "The valuation is in your portfolio.");

    await page.getByRole("heading", { name: "Portfolio" }).waitFor();
    const item = page.getByRole("list", { name: "Watched valuations" }).getByRole("listitem");
    await item.getByText("••••4821").waitFor();
    await item.locator('[data-status="code-valid"]').waitFor();
    await item.getByText(code.verificationCode).waitFor();
    await item.getByText("Reliance letter requested").waitFor();
    await expectNoHorizontalScroll(page);
    // The reference itself is nowhere in the database.
    const stored = await queryAppDatabase(
      "SELECT bool_or(r::text ILIKE '%MORT/2026%') AS hit FROM reliances r WHERE r.lender_company_id = $1",
      [signedIn.user.company.id],
    );
    expect(stored.rows[0]?.hit).toBe(false);

    // The firm's owner sees one institution relying and the request, and grants a letter.
    const request = await waitForEmail(owner.email, "Harambee Savings Bank Limited asks for a reliance letter");
    const issuer = await browser.newPage({ viewport: PHONE_VIEWPORT, token: owner.token });
    await issuer.page.goto(linkIn(request, `/qr/${code.id}`).pathname);
    const reliance = issuer.page.getByRole("region", { name: "Reliance" });
    await reliance.getByText("Relied on by 1 institution").waitFor();
    const letter = reliance.getByRole("list", { name: "Reliance letter requests" }).getByRole("listitem");
    await letter.getByText("Harambee Savings Bank Limited").waitFor();
    await letter.getByRole("button", { name: "Grant" }).click();
    const grant = issuer.page.getByRole("dialog", { name: "Grant a reliance letter?" });
    const until = new Date(Date.now() + 60 * 24 * 60 * 60 * 1000);
    await grant.getByLabel("Reliance Until").fill(formatDate(until, "short"));
    await grant.getByRole("button", { name: "Grant letter" }).click();
    await expectToast(
      issuer.page,
      "Reliance letter granted",
      "Harambee Savings Bank Limited is told, and the certificate shows the letter.",
    );
    await letter.getByText(`Granted: reliance until ${formatDate(until)}`).waitFor();
    await expectNoHorizontalScroll(issuer.page);
    await issuer.context.close();

    // The certificate shows the letter; the lender is told.
    await page.goto(`/v/${code.publicToken}`);
    await page.getByText(`Reliance extended to Harambee Savings Bank Limited until ${formatDate(until)}`).waitFor();
    await waitForEmail(email, "granted your reliance letter");

    // The firm revokes the valuation: the lender's inbox has the notice and its Portfolio says Revoked.
    await apiCall(`/api/qr-codes/${code.id}/revoke`, { token: owner.token, body: { reason: "Wrong plot surveyed" } });
    const notice = await waitForEmail(email, "a valuation you watch was revoked");
    expect(notice.text).toContain(`revoked ${code.verificationCode}`);
    expect(notice.text).toContain("Wrong plot surveyed");
    await page.goto("/portfolio");
    await page
      .getByRole("list", { name: "Watched valuations" })
      .getByRole("listitem")
      .locator('[data-status="code-revoked"]')
      .waitFor();
    await page.getByText("Revoked by the issuer").waitFor();
    await context.close();
  });
});
