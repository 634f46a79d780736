import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { queryAppDatabase } from "./fixtures/database";
import { confirmEmailInDb, registerOwnerViaApi, signInViaApi, uniqueEmail } from "./fixtures/accounts";
import { createValuerViaApi } from "./fixtures/valuers";
import { verifyCompanyViaAdmin } from "./fixtures/admins";
import { expectNoHorizontalScroll, expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { createCodeViaApi, createOwnerWithCodesViaApi } from "./fixtures/codes";
import { apiCall } from "./fixtures/http";
import { formatDate } from "#schema/format-date.ts";
import { linkIn, waitForEmail } from "../shared/inbox";

/**
 * A lender on ValuSeal: registering as one, its own workspace, recording reliance on a valuation,
 * a reliance letter from the issuer, and being told when the valuation is revoked (the rules, every
 * warning and every notice are in tests/api/reliances.test.ts and tests/api/lender-watches.test.ts).
 */
const browser = useBrowser();

/** Fills the registration dialog as a lender of `kind` ("I rely on valuations" already chosen) and sends it. */
async function registerLenderInDialog(
  dialog: Locator,
  lender: { kind: string; firstName: string; lastName: string; name: string; email: string },
) {
  await dialog.getByLabel("Kind of Lender").selectOption(lender.kind);
  await dialog.getByLabel("First Name").fill(lender.firstName);
  await dialog.getByLabel("Last Name").fill(lender.lastName);
  await dialog.getByLabel("Institution Name").fill(lender.name);
  await dialog.getByLabel("Institution Email").fill(lender.email);
  await dialog.getByLabel("Password", { exact: true }).fill("s3cure-passw0rd");
  await dialog.getByLabel("Confirm Password").fill("s3cure-passw0rd");
  await dialog.getByRole("button", { name: "Create Account" }).click();
}

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
    await registerLenderInDialog(dialog, {
      kind: "bank",
      firstName: "Amina",
      lastName: "Odhiambo",
      name: "Harambee Savings Bank Limited",
      email,
    });
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
    // Without a letter yet, relying on another bank's valuation is confirmed in so many words.
    await page.getByRole("button", { name: "Record reliance" }).click();
    await page.getByRole("alert").filter({ hasText: "Tick each point to confirm" }).waitFor();
    await page
      .getByLabel(
        "I rely on it although it is addressed to another institution and the issuer has given us no reliance letter",
      )
      .check();
    await page.getByRole("button", { name: "Record reliance" }).click();
    await expectToast(page, "Reliance recorded", "The valuation is in your portfolio.");

    await page.getByRole("heading", { name: "Portfolio" }).waitFor();
    const item = page.getByRole("list", { name: "Watched valuations" }).getByRole("listitem");
    await item.getByText("••••4821").waitFor();
    await item.locator('[data-verdict="verified-authentic"]').getByText("Verified Authentic").waitFor();
    await item.getByText("You already rely on this valuation").waitFor();
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
      .locator('[data-verdict="revoked"]')
      .waitFor();
    await page.getByText("Revoked by the issuer").waitFor();
    await page.getByText("Reason given by the issuer: Wrong plot surveyed").waitFor();
    await context.close();
  });

  it("signed out on a phone: taps the certificate's lender link, registers as a lender, confirms, signs in and lands on that code", async () => {
    const { code } = await createOwnerWithCodesViaApi();
    const email = uniqueEmail("officer");
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await page.goto(`/v/${code.publicToken}`);
    await page.getByRole("link", { name: "Lender? Record reliance" }).click();
    await page.getByRole("heading", { name: "Record reliance on a valuation" }).waitFor();
    await expectNoHorizontalScroll(page);
    await page.getByRole("button", { name: "Register as a lender" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Your Lender Account" });
    expect(await dialog.getByLabel("I rely on valuations").isChecked()).toBe(true);
    await registerLenderInDialog(dialog, {
      kind: "sacco",
      firstName: "Wanjiru",
      lastName: "Kamau",
      name: "Ushirika SACCO Society Ltd",
      email,
    });
    await page.getByRole("dialog", { name: "Check Your Email" }).waitFor();
    await context.close();

    // The confirmation email's link keeps the scanned code; after confirming, signing in lands on it.
    const confirmation = await waitForEmail(email, "Confirm your email");
    expect(confirmation.text).toContain("the link then takes you on to the valuation you were recording reliance on");
    const link = linkIn(confirmation, "/confirm-email");
    expect(link.searchParams.get("next")).toBe(`/reliance/new?code=${code.publicToken}`);
    const officer = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await officer.page.goto(`${link.pathname}${link.search}`);
    await officer.page
      .getByText(/confirmed/i)
      .first()
      .waitFor();
    await officer.page.getByRole("button", { name: "Sign in" }).click();
    const signIn = officer.page.getByRole("dialog", { name: "Sign In" });
    await signIn.getByLabel("Email").fill(email);
    await signIn.getByLabel("Password").fill("s3cure-passw0rd");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await officer.page.getByRole("heading", { name: "Record Reliance" }).waitFor();
    await officer.page.waitForURL(`**/reliance/new?code=${code.publicToken}`);
    expect(await officer.page.getByLabel("Verification Code").inputValue()).toBe(code.publicToken);
    await officer.context.close();
  });

  it("sees amber for a firm ValuSeal has not verified, and must confirm it before relying", async () => {
    const firm = await registerOwnerViaApi({ name: "Knight Frank Kenya Ltd" });
    const valuer = await createValuerViaApi(firm.token);
    const code = await createCodeViaApi(firm.token, valuer.id);
    const lender = await registerOwnerViaApi({ organisationKind: "lender", lenderType: "bank" });
    await verifyCompanyViaAdmin(lender.user.company.id);

    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, token: lender.token });
    await page.goto(`/reliance/new?code=${code.publicToken}`);
    await page.getByRole("button", { name: "Check valuation" }).click();
    const verdict = page.locator('[data-verdict="issuer-not-verified"]');
    await verdict.getByText("Issuer not verified by ValuSeal").waitFor();
    expect(await verdict.locator("[data-tone]").getAttribute("data-tone")).toBe("unverified");
    await verdict
      .getByText("ValuSeal has not confirmed who issued this code — confirm with the firm before relying on it")
      .waitFor();
    expect(await page.locator('[data-verdict="verified-authentic"]').count()).toBe(0);
    await expectNoHorizontalScroll(page);

    await page.getByLabel("Loan or Facility Reference").fill("LN-88231");
    await page.getByLabel("Amount Lent (KES)").fill("12,000,000");
    await page.getByRole("button", { name: "Record reliance" }).click();
    await page.getByRole("alert").filter({ hasText: "Tick each point to confirm" }).waitFor();
    await page.getByLabel("I rely on it although the certificate says “Issuer not verified by ValuSeal”").check();
    await page.getByRole("button", { name: "Record reliance" }).click();
    await expectToast(page, "Reliance recorded", "The valuation is in your portfolio.");
    const card = page.getByRole("list", { name: "Watched valuations" }).getByRole("listitem");
    await card.locator('[data-verdict="issuer-not-verified"]').waitFor();
    const stored = await queryAppDatabase("SELECT acknowledged FROM reliances WHERE lender_company_id = $1", [
      lender.user.company.id,
    ]);
    expect(stored.rows).toEqual([{ acknowledged: ["issuer-not-verified"] }]);
    await context.close();
  });
});
