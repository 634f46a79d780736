import { describe, expect, it } from "vitest";
import { MEMBER_PASSWORD } from "../shared/accounts";
import { registerOwnerViaApi, uniqueEmail } from "./fixtures/accounts";
import { expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { openFromUserMenu, section, userMenu } from "./fixtures/shell";
import { acceptInviteInBrowser, inviteMemberViaApi, joinAsMemberInBrowser } from "./fixtures/team";
import { linkIn, waitForEmail } from "../shared/inbox";

/**
 * The team in Company Details: invite links, joining through one, revoking an invite, and
 * removing a member.
 */
const browser = useBrowser();

describe("team", () => {
  it("invites a colleague through a link that a new browser opens to join, then lists them", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/company/team");
    const team = section(page, "Team");
    await team.getByText("No pending invites").waitFor();
    // The owner is the only member and cannot remove themselves.
    const ownerRow = team.getByRole("row").filter({ hasText: owner.email });
    await ownerRow.getByText("Owner", { exact: true }).waitFor();
    expect(await ownerRow.getByRole("button").count()).toBe(0);

    const email = uniqueEmail("colleague");
    await team.getByLabel("Invite by email").fill(email);
    await team.getByRole("button", { name: "Send Invitation" }).click();
    expect(await expectToast(page, `Invitation sent to ${email}`)).toBe("default");
    await team.getByRole("row").filter({ hasText: email }).waitFor();
    // The one-time link is only emailed: accepting it proves the colleague owns the address.
    expect(await page.content()).not.toMatch(/\/invite\/[A-Za-z0-9]{32}/);
    const invitation = await waitForEmail(email, "invited to join a team");
    const copied = linkIn(invitation, "/invite/").href;
    expect(copied).toMatch(new RegExp(`^${browser.appUrl}/invite/[A-Za-z0-9]{32}$`));
    expect(invitation.text).toContain("This link works once and expires on");

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
    await invitee.page
      .getByRole("navigation", { name: "Settings sections" })
      .getByRole("link", { name: "Team" })
      .click();
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
    const invite = await inviteMemberViaApi(owner.token);
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/company/team");
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
    const member = await joinAsMemberInBrowser(browser, owner.token);
    await openFromUserMenu(member.page, "Profile Settings");

    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/company/team");
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
    // Not about a field: the spec's "Login Failed" toast.
    expect(
      await expectToast(member.page, "Login Failed", "Your account has been deactivated. Contact your administrator."),
    ).toBe("destructive");
    await Promise.all([context.close(), member.context.close()]);
  });
});
