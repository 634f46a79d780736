import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { totpCode } from "../shared/second-factor";
import { registerOwnerViaApi, signInViaApi } from "./fixtures/accounts";
import { promoteToAdminInDb } from "./fixtures/admins";
import { expectNoHorizontalScroll, expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";

/**
 * Two-step sign-in as a user meets it: set up from Profile → Security on a phone with an
 * authenticator app (the test computes the app's codes from the key the screen shows), recovery
 * codes shown once, the code step at sign-in, and an administrator held at the door without it.
 */
const browser = useBrowser();

/** Signs out from the user menu and passes the password step of signing in again. */
async function signOutAndEnterPassword(page: Page, account: { email: string; password: string }) {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await page.getByRole("button", { name: "Valuer Dashboard" }).click();
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("dialog").getByRole("button", { name: "Sign In" }).click();
}

/**
 * Opens Profile Settings from the user menu: within the page, since a reload would bring back the
 * token the test's browser started with (the fixture puts it in before every page load).
 */
async function openProfileFromMenu(page: Page) {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Profile Settings" }).click();
}

/**
 * Runs the step that finishes signing in, then waits for the app's own move to the dashboard (it
 * navigates a moment after the "Login Successful" toast): a page opened before it would be left.
 */
async function finishSignIn(page: Page, step: () => Promise<void>) {
  const before = await page.evaluate(() => (history.state as { idx?: number } | null)?.idx ?? 0);
  await step();
  expect(await expectToast(page, "Login Successful", "Welcome back!")).toBe("default");
  await page.waitForFunction((index) => ((history.state as { idx?: number } | null)?.idx ?? 0) > index, before);
}

describe("two-step sign-in", () => {
  it("is set up on a phone, then asked for at each sign-in: a code from the app, or a recovery code", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT, token: owner.token });
    await page.goto("/settings/profile");
    const security = page.getByRole("region", { name: "Security" });
    await security.getByText("Two-step sign-in is").waitFor();
    expect(await security.innerText()).toContain("Two-step sign-in is off");

    await security.getByLabel("Your password", { exact: true }).fill("not-my-password");
    await security.getByRole("button", { name: "Set Up Two-Step Sign-In" }).click();
    await security.getByText("Current password is incorrect").waitFor();
    await security.getByLabel("Your password", { exact: true }).fill(owner.password);
    await security.getByRole("button", { name: "Set Up Two-Step Sign-In" }).click();
    await security.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    const secret = (await security.getByTestId("totp-secret").innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoHorizontalScroll(page);

    await security.getByLabel("Code from the app").fill("000000");
    await security.getByRole("button", { name: "Turn On Two-Step Sign-In" }).click();
    await security.getByText("That code is not right.").waitFor();
    await security.getByLabel("Code from the app").fill(totpCode(secret));
    await security.getByRole("button", { name: "Turn On Two-Step Sign-In" }).click();
    const codes = security.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await security.getByText("Save your recovery codes now").waitFor();
    const recoveryCodes = await codes.allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await security.getByRole("button", { name: "I have saved my codes" }).click();
    await security.getByText("10 of 10 recovery codes left").waitFor();
    const sessions = security.getByRole("list", { name: "Signed-in sessions" });
    expect(await sessions.innerText()).toContain("This device");

    // Signing in again: the password, then a code from the app (the next one: the one used to set up is spent).
    const dialog = page.getByRole("dialog");
    await signOutAndEnterPassword(page, owner);
    await dialog.getByLabel("Authentication code").fill("123456");
    await dialog.getByRole("button", { name: "Verify and Sign In" }).click();
    await dialog.getByText("That code is not right.").waitFor();
    await dialog.getByLabel("Authentication code").fill(totpCode(secret, 1));
    await finishSignIn(page, () => dialog.getByRole("button", { name: "Verify and Sign In" }).click());

    // And once more with a recovery code, as after losing the phone.
    await signOutAndEnterPassword(page, owner);
    await dialog.getByLabel("Authentication code").fill(recoveryCodes[0]!);
    await finishSignIn(page, () => dialog.getByRole("button", { name: "Verify and Sign In" }).click());

    await openProfileFromMenu(page);
    await security.getByText("9 of 10 recovery codes left").waitFor();
    await context.close();
  });

  it("adds a passkey (Chromium's virtual authenticator) and signs in with it", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    // WebAuthn needs a host name: the app answers on localhost as well as 127.0.0.1.
    const appUrl = browser.appUrl.replace("127.0.0.1", "localhost");
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(`${appUrl}/settings/profile`);
    const security = page.getByRole("region", { name: "Security" });
    await security.getByLabel("Passkey name").fill("Work laptop");
    await security.getByLabel("Your password, to add a passkey").fill(owner.password);
    await security.getByRole("button", { name: "Add a Passkey" }).click();
    expect(await expectToast(page, "Passkey added", "Work laptop")).toBe("default");
    // The first second factor comes with recovery codes.
    await security.getByText("Save your recovery codes now").waitFor();
    await security.getByRole("button", { name: "I have saved my codes" }).click();
    const listed = security.getByRole("list", { name: "Passkeys" });
    expect(await listed.innerText()).toContain("Work laptop");
    expect(await listed.innerText()).toContain("not used yet");

    await signOutAndEnterPassword(page, owner);
    await finishSignIn(page, () => page.getByRole("dialog").getByRole("button", { name: "Use a Passkey" }).click());
    await openProfileFromMenu(page);
    await security.getByRole("list", { name: "Passkeys" }).getByText("last used").waitFor();

    // Removing it asks for the password (and a factor: this session proved the passkey minutes ago),
    // and says that two-step sign-in goes with the last factor.
    await security.getByRole("button", { name: "Remove passkey Work laptop" }).click();
    const removal = security.getByRole("form", { name: "Remove passkey Work laptop" });
    await removal.getByText("It is your only second factor").waitFor();
    await removal.getByRole("button", { name: "Remove Passkey" }).click();
    await removal.getByText("Current password is required").waitFor();
    await removal.getByLabel("Your password").fill(owner.password);
    await removal.getByRole("button", { name: "Remove Passkey" }).click();
    expect(await expectToast(page, "Passkey removed", "Work laptop")).toBe("default");
    await security.getByText("Two-step sign-in is").waitFor();
    await context.close();
  });

  it("signs out another device from the list of sessions", async () => {
    const owner = await registerOwnerViaApi();
    const other = await signInViaApi(owner.email, owner.password);
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/profile");
    const sessions = page.getByRole("list", { name: "Signed-in sessions" });
    await sessions.getByRole("listitem").nth(1).waitFor();
    await page.getByRole("button", { name: "Sign Out All Other Sessions" }).click();
    expect(await expectToast(page, "Signed out everywhere else")).toBe("default");
    await expect.poll(() => sessions.getByRole("listitem").count()).toBe(1);
    const res = await fetch(`${browser.appUrl}/api/auth/user`, { headers: { Authorization: `Bearer ${other.token}` } });
    expect(res.status).toBe(401);
    await context.close();
  });

  it("holds an administrator without it at the admin door, and lets them in once it is set up", async () => {
    const registered = await registerOwnerViaApi();
    await promoteToAdminInDb(registered.user.id);
    const { token } = await signInViaApi(registered.email, registered.password);
    const { page, context } = await browser.newPage({ token });
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Two-step sign-in needed" }).waitFor();
    await page.getByRole("link", { name: "Set Up Two-Step Sign-In" }).click();
    const security = page.getByRole("region", { name: "Security" });
    await security
      .getByText("Administrators must use two-step sign-in: the admin screens open only after you set it up.")
      .waitFor();
    await security.getByLabel("Your password", { exact: true }).fill(registered.password);
    await security.getByRole("button", { name: "Set Up Two-Step Sign-In" }).click();
    const secret = (await security.getByTestId("totp-secret").innerText()).trim();
    await security.getByLabel("Code from the app").fill(totpCode(secret));
    await security.getByRole("button", { name: "Turn On Two-Step Sign-In" }).click();
    await security.getByRole("button", { name: "I have saved my codes" }).click();
    await page.goto("/admin");
    await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
    await context.close();
  });
});
