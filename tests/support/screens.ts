import type { Page } from "playwright-core";
import { createAdminViaDb } from "./admin";
import { expectToast, registerOwnerViaApi } from "./browser";
import { createCodeViaApi, createValuerViaApi, fillRealEstateCode, type CreatedCode } from "./codes";
import { qrViewPath } from "./scans";
import { createInviteViaApi } from "./team";

/**
 * Every screen of the product, for the checks that must visit all of them (accessibility, CSP):
 * the public pages and dialogs, the workspace of an owner with data, the admin screens, and the
 * server-rendered certificate.
 */
export type Role = "visitor" | "owner" | "admin";

export interface Screen {
  name: string;
  role: Role;
  path: string;
  /** Waits for the screen's content (after its h1), or brings it to the state to check (an open dialog). */
  ready?: (page: Page) => Promise<void>;
}

export interface ScreenData {
  ownerToken: string;
  adminToken: string;
  code: CreatedCode;
  inviteUrl: string;
}

/** An owner with a valuer, a code and a pending invite; and an administrator. */
export async function arrangeScreenData(): Promise<ScreenData> {
  const owner = await registerOwnerViaApi();
  const valuer = await createValuerViaApi(owner.token);
  // Not in Westlands: the create form's location suggestions then offer "Westlands, Nairobi" once.
  const code = await createCodeViaApi(owner.token, valuer.id, { propertyAddress: "4 Moi Avenue, Mombasa" });
  const invite = await createInviteViaApi(owner.token);
  const admin = await createAdminViaDb();
  return { ownerToken: owner.token, adminToken: admin.token, code, inviteUrl: invite.inviteUrl };
}

const text = (value: string | RegExp) => (page: Page) => page.getByText(value, { exact: true }).first().waitFor();

const openDialog = (button: string, title: string) => async (page: Page) => {
  await page.getByRole("button", { name: button }).first().click();
  await page.getByRole("dialog", { name: title }).waitFor();
};

/** Generates a code on the create form, then copies its PNG (a blob: image drawn in the page). */
async function generatePreview(page: Page) {
  await page.getByRole("option", { name: "Jane Wanjiku (MRICS)" }).waitFor({ state: "attached" });
  await fillRealEstateCode(page);
  await page.getByRole("button", { name: "Generate QR Code" }).click();
  await page.getByAltText("Verification QR code for Westlands, Nairobi").waitFor();
  await page.getByRole("button", { name: "Copy" }).click();
  await expectToast(page, "Copied!");
}

export function allScreens({ code, inviteUrl }: ScreenData): Screen[] {
  return [
    { name: "landing", role: "visitor", path: "/", ready: text("Valuer Dashboard") },
    { name: "sign-in dialog", role: "visitor", path: "/", ready: openDialog("Valuer Dashboard", "Sign In") },
    {
      name: "registration dialog",
      role: "visitor",
      path: "/",
      ready: openDialog("Start Free Trial", "Create Your Valuer Account"),
    },
    { name: "privacy policy", role: "visitor", path: "/privacy-policy" },
    { name: "terms of use", role: "visitor", path: "/terms-of-use" },
    { name: "404", role: "visitor", path: "/no-such-page" },
    {
      name: "/qr-view verified",
      role: "visitor",
      path: qrViewPath({ qrCodeId: code.publicToken }),
      ready: text("Verified Authentic"),
    },
    { name: "/qr-view invalid", role: "visitor", path: "/qr-view", ready: text("Invalid QR Code") },
    { name: "invite", role: "visitor", path: new URL(inviteUrl).pathname },
    { name: "certificate /v/", role: "visitor", path: `/v/${code.publicToken}`, ready: text(/Verified Authentic/) },
    { name: "dashboard", role: "owner", path: "/dashboard", ready: text("4 Moi Avenue, Mombasa") },
    { name: "create code with preview", role: "owner", path: "/create-qr", ready: generatePreview },
    { name: "history", role: "owner", path: "/qr-history", ready: text("4 Moi Avenue, Mombasa") },
    { name: "code detail", role: "owner", path: `/qr/${code.id}` },
    { name: "valuers", role: "owner", path: "/valuers", ready: text("Jane Wanjiku") },
    { name: "profile settings", role: "owner", path: "/settings/profile" },
    { name: "company details", role: "owner", path: "/settings/company" },
    { name: "admin dashboard", role: "admin", path: "/admin" },
    { name: "admin companies", role: "admin", path: "/admin/companies" },
    { name: "admin users", role: "admin", path: "/admin/users" },
    { name: "admin settings", role: "admin", path: "/admin/settings" },
  ];
}

/** Opens a screen and waits until it has settled: its h1, no loading spinner, no request in flight. */
export async function visitScreen(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await page.locator("h1").first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[role="status"] .animate-spin'));
  await screen.ready?.(page);
  await page.waitForLoadState("networkidle");
}
