import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiCall, expectToast, PHONE_VIEWPORT, registerOwnerViaApi, uniqueEmail, useBrowser } from "../support/browser";
import { acceptInviteInBrowser, createInviteViaApi, joinAsMember, MEMBER_PASSWORD } from "../support/team";

const browser = useBrowser();

const userMenu = (page: Page) => page.getByRole("button", { name: "User menu" });
const section = (page: Page, name: string) => page.getByRole("region", { name });

async function openFromUserMenu(page: Page, item: "Profile Settings" | "Company Details") {
  await userMenu(page).click();
  await page.getByRole("menuitem", { name: item }).click();
  await page.getByRole("heading", { level: 1, name: item }).waitFor();
}

async function signInThroughDialog(page: Page, email: string, password: string) {
  await page.getByRole("button", { name: "Valuer Dashboard" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
}

describe("profile settings", () => {
  it("changes the name, and the shell shows the new name at once", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/");
    expect(await userMenu(page).innerText()).toContain("Olive Owner");
    await openFromUserMenu(page, "Profile Settings");
    const personal = section(page, "Personal Information");
    expect(await personal.getByLabel("First Name").inputValue()).toBe("Olive");
    expect(await personal.getByLabel("Email").inputValue()).toBe(owner.email);

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
    const otherDevice = await apiCall<{ token: string }>("/api/login", {
      body: { email: owner.email, password: owner.password },
    });
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
    expect(await expectToast(page, "Failed to change password", "Current password is incorrect")).toBe("destructive");

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
    expect(await expectToast(page, "Login Failed", "Invalid email or password")).toBe("destructive");
    await page.getByRole("dialog", { name: "Sign In" }).getByLabel("Password").fill("new-secret-pass");
    await page.getByRole("dialog", { name: "Sign In" }).getByRole("button", { name: "Sign In" }).click();
    expect(await expectToast(page, "Login Successful", "Welcome back!")).toBe("default");
    await userMenu(page).waitFor();
    await context.close();
  });
});

describe("company details", () => {
  it("lets the owner edit the company; the shell shows the new name and a taken email is refused", async () => {
    const owner = await registerOwnerViaApi();
    const rival = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/");
    await openFromUserMenu(page, "Company Details");
    const info = section(page, "Company Information");
    const name = info.getByLabel("Company Name");
    await name.waitFor();
    expect(await name.inputValue()).toBe(owner.user.company.name);
    expect(await info.getByLabel("Company Email").inputValue()).toBe(owner.email);

    await name.fill("Kamau & Partners Valuers");
    await info.getByLabel("Company Email").fill(rival.email);
    await info.getByRole("button", { name: "Save Changes" }).click();
    const duplicate = "A company with this email already exists";
    expect(await expectToast(page, "Failed to update company details", duplicate)).toBe("destructive");
    await info.getByRole("alert").filter({ hasText: duplicate }).waitFor();

    const newEmail = uniqueEmail("company");
    await info.getByLabel("Company Email").fill(newEmail);
    await info.getByLabel("Company Phone").fill("+44 20 7946 0000");
    await info.getByLabel("Company Location").fill("Kensington, London");
    // Enter submits: the failure toast may still cover the button.
    await info.getByLabel("Company Location").press("Enter");
    expect(await expectToast(page, "Company details updated", "Your company information has been saved.")).toBe(
      "default",
    );
    await page.getByTestId("company-name").filter({ hasText: "Kamau & Partners Valuers" }).waitFor();
    expect(await apiCall("/api/companies/current", { token: owner.token })).toMatchObject({
      name: "Kamau & Partners Valuers",
      email: newEmail,
      phone: "+44 20 7946 0000",
      location: "Kensington, London",
    });

    await page.reload();
    expect(await section(page, "Company Information").getByLabel("Company Location").inputValue()).toBe(
      "Kensington, London",
    );
    await context.close();
  });

  it("invites a colleague through a link that a new browser opens to join, then lists them", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/company");
    const team = section(page, "Team");
    await team.getByText("No pending invites").waitFor();
    // The owner is the only member and cannot remove themselves.
    const ownerRow = team.getByRole("row").filter({ hasText: owner.email });
    await ownerRow.getByText("Owner", { exact: true }).waitFor();
    expect(await ownerRow.getByRole("button").count()).toBe(0);

    const email = uniqueEmail("colleague");
    await team.getByLabel("Invite by email").fill(email);
    await team.getByRole("button", { name: "Create Invite Link" }).click();
    expect(await expectToast(page, "Invite link created", `Copy the link and send it to ${email}.`)).toBe("default");
    const panel = page.getByRole("region", { name: "New invite link" });
    const link = await panel.getByLabel("Invite link").inputValue();
    expect(link).toMatch(new RegExp(`^${browser.appUrl}/invite/[A-Za-z0-9]{32}$`));
    const panelText = await panel.innerText();
    expect(panelText).toContain("valid for 7 days");
    expect(panelText).toContain(`send it to ${email} yourself`);
    await team.getByRole("row").filter({ hasText: email }).waitFor();

    await panel.getByRole("button", { name: "Copy Link" }).click();
    expect(await expectToast(page, "Link copied", `Now send it to ${email}.`)).toBe("default");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(link);

    // The invitee, in a browser of their own.
    const invitee = await browser.newPage();
    await invitee.page.goto(copied);
    await invitee.page.getByRole("heading", { name: `Join ${owner.user.company.name}` }).waitFor();
    expect(await invitee.page.getByLabel("Email").inputValue()).toBe(email);
    await invitee.page.getByRole("button", { name: `Join ${owner.user.company.name}` }).click();
    await invitee.page.getByText("First name is required").waitFor();
    await acceptInviteInBrowser(invitee.page, copied, { firstName: "Brian", lastName: "Mutua" });
    expect(
      await expectToast(invitee.page, `Welcome to ${owner.user.company.name}`, "Your account has been created."),
    ).toBe("default");
    expect(await invitee.page.getByTestId("company-name").innerText()).toBe(owner.user.company.name);
    expect(await userMenu(invitee.page).innerText()).toContain("Brian Mutua");
    expect(invitee.page.url()).toBe(`${browser.appUrl}/`);

    // The new member sees the company read-only and no team controls.
    await openFromUserMenu(invitee.page, "Company Details");
    const memberInfo = section(invitee.page, "Company Information");
    await memberInfo.getByText(owner.user.company.name, { exact: true }).waitFor();
    expect(await memberInfo.getByRole("textbox").count()).toBe(0);
    await section(invitee.page, "Team").getByText("Your company owner manages the team.", { exact: false }).waitFor();
    expect(await section(invitee.page, "Team").getByRole("button").count()).toBe(0);

    // A used link is dead.
    const reuse = await browser.newPage();
    await reuse.page.goto(copied);
    await reuse.page.getByRole("heading", { name: "Invite link not valid" }).waitFor();
    await reuse.page.getByRole("link", { name: "Go to the home page" }).click();
    await reuse.page.getByRole("button", { name: "Valuer Dashboard" }).waitFor();

    await page.reload();
    const memberRow = section(page, "Team").getByRole("row").filter({ hasText: email });
    await memberRow.getByText("Member", { exact: true }).waitFor();
    expect(await memberRow.innerText()).toContain("Brian Mutua");
    await section(page, "Team").getByText("No pending invites").waitFor();
    await Promise.all([context.close(), invitee.context.close(), reuse.context.close()]);
  });

  it("revokes a pending invite so its link stops working; an unknown link says so", async () => {
    const owner = await registerOwnerViaApi();
    const invite = await createInviteViaApi(owner.token);
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/company");
    const row = section(page, "Team").getByRole("row").filter({ hasText: invite.email });
    await row.getByRole("button", { name: `Revoke invite for ${invite.email}` }).click();
    expect(await expectToast(page, "Invite revoked", `The link for ${invite.email} no longer works.`)).toBe("default");
    await section(page, "Team").getByText("No pending invites").waitFor();

    const visitor = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await visitor.page.goto(invite.inviteUrl);
    await visitor.page.getByRole("heading", { name: "Invite link not valid" }).waitFor();
    await visitor.page.goto("/invite/not-a-real-token");
    await visitor.page.getByRole("heading", { name: "Invite link not valid" }).waitFor();
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE_VIEWPORT.width,
    );
    await Promise.all([context.close(), visitor.context.close()]);
  });

  it("removes a member after a confirmation; their next request signs them out", async () => {
    const owner = await registerOwnerViaApi();
    const member = await joinAsMember(browser, owner.token);
    await openFromUserMenu(member.page, "Profile Settings");

    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/company");
    const row = section(page, "Team").getByRole("row").filter({ hasText: member.email });
    await row.getByRole("button", { name: "Remove Mary Member" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove Mary Member from the team?" });
    expect(await confirm.innerText()).toContain("loses access immediately");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await row.waitFor();

    await row.getByRole("button", { name: "Remove Mary Member" }).click();
    await confirm.getByRole("button", { name: "Remove Member" }).click();
    expect(await expectToast(page, "Member removed", "Mary Member no longer has access to your company.")).toBe(
      "default",
    );
    await row.waitFor({ state: "detached" });

    // The removed member's open page: their next request is refused, and they are sent to sign in again.
    const personal = section(member.page, "Personal Information");
    await personal.getByLabel("First Name").fill("Still");
    await personal.getByRole("button", { name: "Save Changes" }).click();
    expect(await expectToast(member.page, "Unauthorized", "You are logged out. Logging in again...")).toBe(
      "destructive",
    );
    const signIn = member.page.getByRole("dialog", { name: "Sign In" });
    await signIn.waitFor();
    expect(await member.page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await signIn.getByLabel("Email").fill(member.email);
    await signIn.getByLabel("Password").fill(MEMBER_PASSWORD);
    await signIn.getByRole("button", { name: "Sign In" }).click();
    expect(await expectToast(member.page, "Login Failed")).toBe("destructive");
    await Promise.all([context.close(), member.context.close()]);
  });
});
