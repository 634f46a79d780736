import { describe, expect, it } from "vitest";
import { OWNER_PASSWORD } from "../shared/accounts";
import { linkIn, waitForEmail, waitForEmails } from "../shared/inbox";
import { registerOwnerViaApi, registerUnconfirmedOwnerViaApi, uniqueEmail } from "./fixtures/accounts";
import { createAdminViaDb, verifyCompanyViaAdmin } from "./fixtures/admins";
import { expectNoHorizontalScroll, expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { createCodeViaApi } from "./fixtures/codes";
import { fetchApp } from "./fixtures/http";
import { createValuerViaApi } from "./fixtures/valuers";

/**
 * Trusted issuers, as people meet them: an owner confirms their email from the inbox, recovers a
 * forgotten password, an administrator verifies a firm, and a bank officer sees an unverified
 * firm's certificate in amber and a verified one in green.
 */
const browser = useBrowser();
const NOT_VERIFIED = "Issuer not verified by ValuSeal";

describe("email confirmation in the browser", () => {
  it("shows the banner until the owner follows the emailed link, which confirms the address", async () => {
    const owner = await registerUnconfirmedOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Email confirmation" });
    await banner.getByText("Confirm your email to issue codes").waitFor();
    await banner.getByRole("button", { name: "Resend" }).click();
    await expectToast(page, "Confirmation email sent");

    // The resent link replaces the one sent at registration.
    const [first, resent] = await waitForEmails(owner.email, (email) => email.subject.includes("Confirm your email"), {
      count: 2,
    });
    await page.goto(linkIn(resent!, "/confirm-email").href);
    await page.getByText(`Your email ${owner.email} is confirmed.`).waitFor();
    await expectNoHorizontalScroll(page);
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    expect(await page.getByText("Confirm your email to issue codes").count()).toBe(0);

    // The first link was replaced by the resent one: it no longer works.
    await page.goto(linkIn(first!, "/confirm-email").href);
    await page.getByText("This link is invalid, has expired or was already used. Ask for a new one.").waitFor();
    await context.close();
  });
});

describe("password recovery in the browser", () => {
  it("sends a link from the sign-in dialog that sets a new password and signs every session out", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await page.goto("/");
    await page.getByRole("button", { name: "Valuer Dashboard" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Forgot password?" }).click();
    await dialog.getByLabel("Email").fill(owner.email);
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await dialog
      .getByText(
        "If an account exists for that email, we have sent it a link to reset the password. The link expires in 1 hour.",
      )
      .waitFor();

    const email = await waitForEmail(owner.email, "Reset your ValuSeal password");
    await page.goto(linkIn(email, "/reset-password").href);
    await page.getByRole("heading", { level: 1, name: "Reset your password" }).waitFor();
    await page.getByLabel("New Password", { exact: false }).first().fill("a-new-s3cret");
    await page.getByLabel("Confirm New Password").fill("a-new-s3cret");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expectToast(page, "Password changed");
    await expectNoHorizontalScroll(page);

    const oldSession = await fetchApp("/api/auth/user", { headers: { Authorization: `Bearer ${owner.token}` } });
    expect(oldSession.status).toBe(401);
    const signIn = page.getByRole("dialog");
    await signIn.getByLabel("Email").fill(owner.email);
    await signIn.getByLabel("Password").fill("a-new-s3cret");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("button", { name: "User menu" }).waitFor();
    const oldPassword = await fetchApp("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: owner.email, password: OWNER_PASSWORD }),
    });
    expect(oldPassword.status).toBe(401);
    await context.close();
  });
});

describe("issuer verification", () => {
  it("shows an unverified firm's certificate in amber; an administrator reviews the names on its codes, verifies it and confirms the earlier code", async () => {
    const tag = uniqueEmail("queue").split("@")[0]!;
    const owner = await registerOwnerViaApi({ name: `Knight Frank ${tag}` });
    const valuer = await createValuerViaApi(owner.token);
    const code = await createCodeViaApi(owner.token, valuer.id);

    const phone = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await phone.page.goto(code.qrCodeData);
    await phone.page.getByText(NOT_VERIFIED).first().waitFor();
    expect(await phone.page.getByText("Verified Authentic").count()).toBe(0);
    await phone.page.goto(`/qr-view?data=${encodeURIComponent(JSON.stringify({ qrCodeId: code.publicToken }))}`);
    await phone.page.getByText(NOT_VERIFIED).first().waitFor();
    expect(await phone.page.getByText("Verified Authentic").count()).toBe(0);
    await expectNoHorizontalScroll(phone.page);

    const admin = await createAdminViaDb();
    const { page, context } = await browser.newPage({ token: admin.token });
    await page.goto("/admin");
    await page.getByRole("link", { name: /Awaiting verification/ }).click();
    const row = page.getByRole("row").filter({ hasText: `Knight Frank ${tag}` });
    await row.getByText("Awaiting verification").waitFor();
    await row.getByRole("button", { name: /^View/ }).click();
    const details = page.getByRole("dialog");
    // Every name the firm's codes carry, before the decision.
    const names = details.getByRole("list", { name: "Names on the firm's codes" });
    await names.getByText(`Knight Frank ${tag}`).waitFor();
    await names.getByText("1 code, 1 not shown as “Verified Authentic”").waitFor();
    await details.getByRole("button", { name: "Verify" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByLabel("Note for the owner (optional)").fill("Checked against the VRB register");
    // The earlier code carries exactly these details: confirming it is ticked already, and it is listed.
    const earlier = confirm.getByRole("checkbox", {
      name: /Also confirm the 1 code issued earlier under these details/,
    });
    expect(await earlier.isChecked()).toBe(true);
    await confirm.getByRole("list", { name: "Codes issued earlier" }).getByText(code.verificationCode).waitFor();
    await confirm.getByRole("button", { name: "Verify" }).click();
    await expectToast(page, "Company verified");
    await context.close();

    await phone.page.reload();
    await phone.page.getByText("Verified Authentic", { exact: true }).waitFor();
    await phone.page.getByText(/^Verified by ValuSeal on/).waitFor();
    await phone.page.goto(code.qrCodeData);
    await phone.page.getByText("Verified Authentic").waitFor();
    expect(await phone.page.getByText(NOT_VERIFIED).count()).toBe(0);
    await phone.context.close();
  });

  it("lets the owner of a code issued before verification ask ValuSeal to confirm it, on a phone", async () => {
    const owner = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(owner.token);
    const code = await createCodeViaApi(owner.token, valuer.id);
    await verifyCompanyViaAdmin(owner.user.company.id);
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto(`/qr/${code.id}`);
    await page
      .getByText(/Scanning this code shows “Issued before ValuSeal verified this firm”: your firm issued it before/)
      .waitFor();
    await page.getByRole("button", { name: "Ask ValuSeal to confirm this code" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "ValuSeal will check that your firm issued this code. You will be emailed when it decides." })
      .waitFor();
    await expectNoHorizontalScroll(page);
    await context.close();
  });
});
