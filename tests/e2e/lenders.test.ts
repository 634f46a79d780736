import { describe, expect, it } from "vitest";
import { queryAppDatabase } from "./fixtures/database";
import { confirmEmailInDb, signInViaApi, uniqueEmail } from "./fixtures/accounts";
import { verifyCompanyViaAdmin } from "./fixtures/admins";
import { expectNoHorizontalScroll, expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { createCodeViaApi, createOwnerWithCodesViaApi } from "./fixtures/codes";

/**
 * A lender on ValuSeal: registering as one, its own workspace, and recording reliance on a
 * valuation (the rules and every warning are in tests/api/reliances.test.ts).
 */
const browser = useBrowser();

describe("a lender", () => {
  it("on a phone: registers as a bank, checks a valuation addressed to another bank, records its loan and sees it in the portfolio", async () => {
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
    await menu.getByRole("link", { name: "Record reliance" }).click();

    // The valuation by its printed code: its standing, and the warning that it is another bank's.
    await page.getByLabel("Verification Code").fill(code.verificationCode.toLowerCase().replaceAll("-", " "));
    await page.getByRole("button", { name: "Check valuation" }).click();
    const warnings = page.getByRole("list", { name: "Before you rely on it" });
    await warnings
      .getByText("Addressed to another institution — reliance needs a reliance letter from the issuer")
      .waitFor();
    await page.getByText("Kenya Commercial Bank").waitFor();
    await expectNoHorizontalScroll(page);

    await page.getByLabel("Loan or Facility Reference").fill("HSB/MORT/2026/004821");
    await page.getByLabel("Amount Lent (KES)").fill("30,000,000");
    await page.getByRole("button", { name: "Record reliance" }).click();
    await expectToast(page, "Reliance recorded", "The valuation is in your portfolio.");

    await page.getByRole("heading", { name: "Portfolio" }).waitFor();
    const item = page.getByRole("list", { name: "Relied-on valuations" }).getByRole("listitem");
    await item.getByText("••••4821").waitFor();
    await item.locator('[data-status="code-valid"]').waitFor();
    await item.getByText(code.verificationCode).waitFor();
    await expectNoHorizontalScroll(page);
    // The reference itself is nowhere in the database.
    const stored = await queryAppDatabase(
      "SELECT bool_or(r::text ILIKE '%MORT/2026%') AS hit FROM reliances r WHERE r.lender_company_id = $1",
      [signedIn.user.company.id],
    );
    expect(stored.rows[0]?.hit).toBe(false);
    await context.close();
  });
});
