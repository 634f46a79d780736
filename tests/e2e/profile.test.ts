import { describe, expect, it } from "vitest";
import { registerOwnerViaApi, signInViaApi } from "./fixtures/accounts";
import { expectToast, useBrowser } from "./fixtures/browser";
import { apiCall } from "./fixtures/http";
import { openFromUserMenu, section, signInThroughDialog, userMenu } from "./fixtures/shell";

/**
 * Profile Settings (/settings/profile): the user's name and password.
 */
const browser = useBrowser();

describe("profile settings", () => {
  it("changes the name, and the shell shows the new name at once", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/");
    expect(await userMenu(page).innerText()).toContain("Olive Owner");
    await openFromUserMenu(page, "Profile Settings");
    const personal = section(page, "Personal Information");
    expect(await personal.getByLabel("First Name").inputValue()).toBe("Olive");
    const signInEmail = section(page, "Sign-in email");
    await signInEmail.getByText(owner.email).waitFor();
    await signInEmail.getByText("Confirmed", { exact: true }).waitFor();

    await personal.getByLabel("First Name").fill(" ");
    await personal.getByRole("button", { name: "Save Changes" }).click();
    await personal.getByText("First name is required").waitFor();

    await personal.getByLabel("First Name").fill("Wanjiru");
    await personal.getByLabel("Last Name").fill("Kamau");
    await personal.getByRole("button", { name: "Save Changes" }).click();
    expect(await expectToast(page, "Profile updated", "Your name has been saved.")).toBe("default");
    await userMenu(page).filter({ hasText: "Wanjiru Kamau" }).waitFor();
    // Saved on the server, not only on screen.
    expect(await apiCall("/api/auth/user", { token: owner.token })).toMatchObject({
      firstName: "Wanjiru",
      lastName: "Kamau",
    });
    await page.reload();
    await userMenu(page).filter({ hasText: "Wanjiru Kamau" }).waitFor();
    await context.close();
  });

  it("changes the password: the wrong current one is refused, other sessions end, the new one signs in", async () => {
    const owner = await registerOwnerViaApi();
    const otherDevice = await signInViaApi(owner.email, owner.password);
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/profile");
    const passwordSection = section(page, "Change Password");
    await passwordSection.waitFor();

    await passwordSection.getByRole("button", { name: "Change Password" }).click();
    await passwordSection.getByText("Current password is required").waitFor();
    await passwordSection.getByLabel("New Password", { exact: true }).fill("new-secret-pass");
    await passwordSection.getByLabel("Confirm New Password").fill("different-pass");
    await passwordSection.getByRole("button", { name: "Change Password" }).click();
    await passwordSection.getByText("Passwords don't match").waitFor();

    await passwordSection.getByLabel("Current Password").fill("not-my-password");
    await passwordSection.getByLabel("Confirm New Password").fill("new-secret-pass");
    await passwordSection.getByRole("button", { name: "Change Password" }).click();
    // On the field it is about, announced and focused; no toast for it.
    const current = passwordSection.getByLabel("Current Password");
    await passwordSection.getByRole("alert").getByText("Current password is incorrect").waitFor();
    expect(await current.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByText("Failed to change password").count()).toBe(0);

    await passwordSection.getByLabel("Current Password").fill(owner.password);
    // Enter submits: the failure toast may still cover the button.
    await passwordSection.getByLabel("Current Password").press("Enter");
    expect(await expectToast(page, "Password changed", "You have been signed out on your other devices.")).toBe(
      "default",
    );
    // The form is cleared so the passwords do not linger on screen.
    expect(await passwordSection.getByLabel("Current Password").inputValue()).toBe("");
    // This session goes on; the other device's does not.
    expect(await apiCall("/api/auth/user", { token: owner.token })).toMatchObject({ email: owner.email });
    await expect(apiCall("/api/auth/user", { token: otherDevice.token })).rejects.toThrow(/401/);

    await userMenu(page).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await signInThroughDialog(page, owner.email, owner.password);
    await page
      .getByRole("dialog", { name: "Sign In" })
      .getByRole("alert")
      .getByText("Invalid email or password")
      .waitFor();
    await page.getByRole("dialog", { name: "Sign In" }).getByLabel("Password").fill("new-secret-pass");
    await page.getByRole("dialog", { name: "Sign In" }).getByRole("button", { name: "Sign In" }).click();
    expect(await expectToast(page, "Login Successful", "Welcome back!")).toBe("default");
    await userMenu(page).waitFor();
    await context.close();
  });
});
