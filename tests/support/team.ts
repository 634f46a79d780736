import pg from "pg";
import type { Page } from "playwright-core";
import { inject } from "vitest";
import { apiCall, uniqueEmail, type useBrowser } from "./browser";

export interface CreatedInvite {
  id: number;
  email: string;
  expiresAt: string;
  inviteUrl: string;
}

export const MEMBER_PASSWORD = "member-passw0rd";

/** The owner invites a colleague through the real API; the answer holds the one-time link. */
export const createInviteViaApi = (ownerToken: string, email = uniqueEmail("member")) =>
  apiCall<CreatedInvite>("/api/team/invites", { token: ownerToken, body: { email } });

/** The invitee's side in the browser: opens the link, sets name and password, and lands in the signed-in shell. */
export async function acceptInviteInBrowser(
  page: Page,
  inviteUrl: string,
  member: { firstName: string; lastName: string } = { firstName: "Mary", lastName: "Member" },
) {
  await page.goto(inviteUrl);
  await page.getByLabel("First Name").fill(member.firstName);
  await page.getByLabel("Last Name").fill(member.lastName);
  await page.getByLabel(/^Password/).fill(MEMBER_PASSWORD);
  await page.getByLabel("Confirm Password").fill(MEMBER_PASSWORD);
  await page.getByRole("button", { name: /^Join / }).click();
  await page.getByRole("button", { name: "User menu" }).waitFor();
}

/** A member of the owner's company (invited through the API, joined through the UI) in their own browser context. */
export async function joinAsMember(browser: ReturnType<typeof useBrowser>, ownerToken: string) {
  const invite = await createInviteViaApi(ownerToken);
  const { page, context } = await browser.newPage();
  await acceptInviteInBrowser(page, invite.inviteUrl);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  return { page, context, email: invite.email, token: token! };
}

/** Platform administrators cannot be created through the API (as `npm run admin:create`, it is a database change). */
export async function promoteToAdmin(userId: number) {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    await client.query("update users set role = 'admin', company_id = null where id = $1", [userId]);
  } finally {
    await client.end();
  }
}
