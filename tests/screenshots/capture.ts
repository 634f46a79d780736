import { mkdirSync, readdirSync, rmSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { registerOwnerViaApi, signInViaApi } from "../e2e/fixtures/accounts";
import { runAdminCreate, setUpSecondFactorViaApi } from "../e2e/fixtures/admins";
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT, useBrowser } from "../e2e/fixtures/browser";
import { scanLikePhone, USER_AGENTS } from "../e2e/fixtures/certificates";
import { createCodeViaApi, type CreatedCode } from "../e2e/fixtures/codes";
import { apiCall } from "../e2e/fixtures/http";
import { checkBatchFile, openDialog, text, visitScreen, type Role } from "../e2e/fixtures/screens";
import { createValuerViaApi } from "../e2e/fixtures/valuers";
import { RECENT_VALUATION, valuationDay } from "../shared/dates";

/**
 * `npm run screenshots`: every screen of the product (full page, or the viewport for an open
 * dialog) at 1280 px and 360 px wide, in docs/screenshots/<width>/<name>.png, to review it at a
 * glance. It runs under vitest only to reuse the browser tests' app server (the production build
 * under wrangler dev, an in-memory database, a local inbox) and their fixtures; each `it` is one
 * capture, not a check.
 */
const OUTPUT = "docs/screenshots";
const ADMIN = { email: "admin@valuseal.co.ke", password: "platform-admin-2025" };
const browser = useBrowser();

interface Seeded {
  tokens: Record<Role, string | undefined>;
  house: CreatedCode;
  revoked: CreatedCode;
}

/** A Motor Vehicle code has a reference and no location or sizes. */
const MOTOR_VEHICLE_CODE = {
  propertyType: "Motor Vehicle",
  propertyAddress: undefined,
  propertyReference: "KDK 482M",
  propertyArea: "Toyota Land Cruiser Prado TX-L, 2019, 2.8 L diesel, 86,400 km",
  propertySize: undefined,
  landSize: undefined,
  marketValue: 6850000,
  valuationDate: valuationDay(10).dayMonthYear,
};

/**
 * A verified Nairobi valuation firm with two valuers, five codes (houses, a plot, a vehicle, one
 * revoked and replaced), a few scans and a webhook; a second firm still waiting for verification;
 * and the platform administrator that `npm run admin:create` makes. The firms through the app's API.
 */
async function seed(): Promise<Seeded> {
  await runAdminCreate(ADMIN.email, ADMIN.password);
  const admin = await signInViaApi(ADMIN.email, ADMIN.password);
  // The admin screens open only in a session that proved a second factor.
  await setUpSecondFactorViaApi(admin.token, ADMIN.password);

  const owner = await registerOwnerViaApi({
    email: "grace.wanjiru@kamau-otieno.co.ke",
    name: "Kamau & Otieno Valuers Ltd",
    firstName: "Grace",
    lastName: "Wanjiru",
    phone: "+254722418309",
    location: "Westlands, Nairobi",
  });
  await apiCall("/api/companies/current/registration", {
    method: "PUT",
    token: owner.token,
    body: { body: "Valuers Registration Board (Kenya)", number: "VRB/0417" },
  });
  await apiCall(`/api/admin/companies/${owner.user.company.id}/verification`, {
    method: "PATCH",
    token: admin.token,
    body: { verified: true, note: "Registration confirmed with the Valuers Registration Board." },
  });

  const jane = await createValuerViaApi(owner.token, { registrationNumber: "VRB/V/1182" });
  const peter = await createValuerViaApi(owner.token, {
    name: "Peter Otieno",
    phone: "+254733905127",
    qualification: "BSc Land Economics, ISK",
    registrationNumber: "VRB/V/2046",
  });

  const house = await createCodeViaApi(owner.token, jane.id, {
    propertyAddress: "Plot 12, Riverside Drive, Westlands, Nairobi",
    propertyReference: "KOV/2025/014",
    addressee: "Kenya Commercial Bank",
    propertyArea: "Four-bedroom maisonette with a detached two-room staff quarter, on a half-acre plot",
    propertySize: "3150",
    landSize: "0.5",
    marketValue: 48500000,
    valuationDate: RECENT_VALUATION.dayMonthYear,
  });
  const plot = await createCodeViaApi(owner.token, peter.id, {
    propertyAddress: "LR No. 1160/455, Karen, Nairobi",
    propertyReference: "KOV/2025/021",
    propertyArea: "Vacant residential plot with a borehole, fenced",
    propertySize: undefined,
    landSize: "1",
    marketValue: 95000000,
    valuationDate: valuationDay(15).dayMonthYear,
  });
  await createCodeViaApi(owner.token, peter.id, MOTOR_VEHICLE_CODE);
  const revoked = await createCodeViaApi(owner.token, jane.id, {
    propertyAddress: "Apartment 5B, Kindaruma Road, Kilimani, Nairobi",
    propertyReference: "KOV/2024/188",
    propertyArea: "Three-bedroom apartment on the fifth floor, one parking bay",
    propertySize: "1650",
    landSize: undefined,
    marketValue: 16200000,
    valuationDate: valuationDay(60).dayMonthYear,
  });
  const revaluation = await createCodeViaApi(owner.token, jane.id, {
    propertyAddress: "Apartment 5B, Kindaruma Road, Kilimani, Nairobi",
    propertyReference: "KOV/2025/033",
    propertyArea: "Three-bedroom apartment on the fifth floor, one parking bay, renovated kitchen",
    propertySize: "1650",
    landSize: undefined,
    marketValue: 17400000,
    valuationDate: valuationDay(5).dayMonthYear,
  });
  await apiCall(`/api/qr-codes/${revoked.id}/revoke`, {
    token: owner.token,
    body: { reason: "Superseded by a revaluation after the kitchen renovation", supersededByCodeId: revaluation.id },
  });

  // Scans as a bank's and a buyer's devices make them: the printed addresses, fetched like a phone.
  for (const [code, agents] of [
    [house, [USER_AGENTS.iphone, USER_AGENTS.desktop, USER_AGENTS.ipad]],
    [plot, [USER_AGENTS.iphone, USER_AGENTS.desktop]],
    [revoked, [USER_AGENTS.iphone]],
  ] as const) {
    for (const agent of agents) await scanLikePhone(code.qrCodeData, agent);
  }
  // Set after the scans, so the screens show a webhook with no failed delivery to an offline host.
  await apiCall("/api/webhooks", {
    method: "POST",
    token: owner.token,
    body: {
      url: "https://hooks.kamau-otieno.co.ke/valuseal/events",
      description: "Report desk (production)",
      eventTypes: ["code.issued", "code.revoked", "code.superseded", "code.expired"],
    },
  });

  await registerOwnerViaApi({
    email: "info@pwanipropertyvaluers.co.ke",
    name: "Pwani Property Valuers",
    firstName: "Hassan",
    lastName: "Mwinyi",
    phone: "+254711260845",
    location: "Nyali, Mombasa",
  });

  // A bank relying on the house's valuation (prepared for another bank), which asked for a letter.
  const bank = await registerOwnerViaApi({
    email: "credit@harambeesavings.co.ke",
    name: "Harambee Savings Bank Limited",
    firstName: "Amina",
    lastName: "Odhiambo",
    organisationKind: "lender",
    lenderType: "bank",
    location: "Upper Hill, Nairobi",
  });
  await apiCall(`/api/admin/companies/${bank.user.company.id}/verification`, {
    method: "PATCH",
    token: admin.token,
    body: { verified: true, note: "Licensed by the Central Bank of Kenya." },
  });
  await apiCall("/api/reliances", {
    token: bank.token,
    body: {
      code: plot.publicToken,
      reference: "HSB/MORT/2026/004821",
      amount: "60000000",
      reliedOn: RECENT_VALUATION.dayMonthYear,
    },
  });
  await apiCall("/api/reliances/letters", { token: bank.token, body: { code: house.publicToken } });

  return {
    tokens: { visitor: undefined, owner: owner.token, lender: bank.token, admin: admin.token },
    house,
    revoked,
  };
}

interface Shot {
  /** The file name without .png: the audience, then the screen. */
  name: string;
  role: Role;
  path: (seeded: Seeded) => string;
  /** Waits for the screen's content after its h1, or brings it to the state to capture (an open dialog). */
  ready?: (page: Page) => Promise<void>;
  /** Only at these widths (the phone menu exists only where the side bar is hidden). */
  widths?: number[];
  /**
   * A dialog or the menu, captured as the viewport shows it: a full-page capture keeps a fixed
   * overlay at the first screenful, so its backdrop would stop halfway down the page.
   */
  overlay?: true;
}

const openCompanyDetails = async (page: Page) => {
  const row = page.getByRole("row").filter({ hasText: "Kamau & Otieno Valuers Ltd" });
  await row.getByRole("button", { name: /^View/ }).click();
  await page
    .getByRole("dialog", { name: "Company Details" })
    .getByRole("heading", { name: "Company Information" })
    .waitFor();
};

const codeImage = (page: Page) => page.getByRole("img", { name: /^Verification QR code for / }).waitFor();

const SHOTS: Shot[] = [
  { name: "public-landing", role: "visitor", path: () => "/", ready: text("Valuer Dashboard") },
  {
    name: "public-sign-in-dialog",
    role: "visitor",
    path: () => "/",
    ready: openDialog("Valuer Dashboard", "Sign In"),
    overlay: true,
  },
  {
    name: "public-register-dialog",
    role: "visitor",
    path: () => "/",
    ready: openDialog("Start Free Trial", "Create Your Valuer Account"),
    overlay: true,
  },
  { name: "public-privacy-policy", role: "visitor", path: () => "/privacy-policy" },
  { name: "public-terms-of-use", role: "visitor", path: () => "/terms-of-use" },
  {
    name: "public-certificate",
    role: "visitor",
    path: ({ house }) => `/v/${house.publicToken}`,
    ready: text(/Verified Authentic/),
  },
  {
    name: "public-certificate-revoked",
    role: "visitor",
    path: ({ revoked }) => `/v/${revoked.publicToken}`,
    ready: text(/Revoked/),
  },
  { name: "public-certificate-unknown", role: "visitor", path: () => "/v/AAAAAAAAAAAAAAAAAAAAAA" },
  {
    name: "owner-dashboard",
    role: "owner",
    path: () => "/dashboard",
    ready: text("Plot 12, Riverside Drive, Westlands, Nairobi"),
  },
  {
    name: "owner-phone-menu",
    role: "owner",
    path: () => "/dashboard",
    ready: openDialog("Open menu", "Menu"),
    overlay: true,
    widths: [PHONE_VIEWPORT.width],
  },
  { name: "owner-create-qr", role: "owner", path: () => "/create-qr", ready: text("Generate QR Code") },
  { name: "owner-create-many", role: "owner", path: () => "/create-qr/batch", ready: checkBatchFile },
  { name: "owner-qr-history", role: "owner", path: () => "/qr-history", ready: text(/KDK 482M/) },
  { name: "owner-code-detail", role: "owner", path: ({ house }) => `/qr/${house.id}`, ready: codeImage },
  { name: "owner-code-detail-revoked", role: "owner", path: ({ revoked }) => `/qr/${revoked.id}`, ready: codeImage },
  {
    name: "owner-revoke-dialog",
    role: "owner",
    path: ({ house }) => `/qr/${house.id}`,
    ready: openDialog("Revoke code", "Revoke this code?"),
    overlay: true,
  },
  { name: "owner-valuers", role: "owner", path: () => "/valuers", ready: text("Peter Otieno") },
  {
    name: "owner-add-valuer-dialog",
    role: "owner",
    path: () => "/valuers",
    ready: openDialog("Add Valuer", "Add Valuer"),
    overlay: true,
  },
  { name: "owner-billing", role: "owner", path: () => "/billing", ready: text("Credit ledger") },
  { name: "owner-profile-settings", role: "owner", path: () => "/settings/profile" },
  { name: "owner-company-details", role: "owner", path: () => "/settings/company" },
  { name: "owner-company-verification", role: "owner", path: () => "/settings/company/verification" },
  { name: "owner-company-team", role: "owner", path: () => "/settings/company/team" },
  { name: "owner-company-alerts", role: "owner", path: () => "/settings/company/alerts" },
  {
    name: "owner-company-developers",
    role: "owner",
    path: () => "/settings/company/developers",
    ready: text("https://hooks.kamau-otieno.co.ke/valuseal/events"),
  },
  { name: "lender-portfolio", role: "lender", path: () => "/portfolio", ready: text("••••4821") },
  {
    name: "lender-record-reliance",
    role: "lender",
    path: ({ house }) => `/reliance/new?code=${house.publicToken}`,
    ready: async (page) => {
      await page.getByRole("button", { name: "Check valuation" }).click();
      await page.getByRole("button", { name: "Watch without relying" }).waitFor();
    },
  },
  { name: "lender-settings", role: "lender", path: () => "/settings/company" },
  { name: "lender-developers", role: "lender", path: () => "/settings/company/developers", ready: text("API Keys") },
  { name: "admin-dashboard", role: "admin", path: () => "/admin" },
  { name: "admin-companies", role: "admin", path: () => "/admin/companies", ready: text("Pwani Property Valuers") },
  {
    name: "admin-company-details-dialog",
    role: "admin",
    path: () => "/admin/companies",
    ready: openCompanyDetails,
    overlay: true,
  },
  { name: "admin-users", role: "admin", path: () => "/admin/users", ready: text("grace.wanjiru@kamau-otieno.co.ke") },
  { name: "admin-system-settings", role: "admin", path: () => "/admin/settings" },
  { name: "admin-billing", role: "admin", path: () => "/admin/billing", ready: text("Price list") },
  { name: "admin-registers", role: "admin", path: () => "/admin/registers", ready: text("Add a register") },
];

const VIEWPORTS = [DESKTOP_VIEWPORT, PHONE_VIEWPORT];
/**
 * Visitors last: opening a certificate counts a scan, which would add the capturing browser to the
 * owner's recent scans and a delivery attempt to the webhook's (unreachable) address.
 */
const ROLES: Role[] = ["owner", "lender", "admin", "visitor"];

let seeded: Seeded;
/** One signed-in page per audience and width, reused from screen to screen. */
const pages = new Map<string, { page: Page; context: BrowserContext }>();

const capturedAt = (width: number) => SHOTS.filter((shot) => !shot.widths || shot.widths.includes(width));

beforeAll(async () => {
  // Each capture overwrites its file, so a run stopped halfway leaves the earlier set; only the
  // files of screens no longer listed are removed.
  for (const { width } of VIEWPORTS) {
    mkdirSync(`${OUTPUT}/${width}`, { recursive: true });
    const current = new Set(capturedAt(width).map((shot) => `${shot.name}.png`));
    for (const file of readdirSync(`${OUTPUT}/${width}`)) {
      if (!current.has(file)) rmSync(`${OUTPUT}/${width}/${file}`);
    }
  }
  seeded = await seed();
}, 120_000);

afterAll(async () => {
  for (const { context } of pages.values()) await context.close();
});

async function pageFor(role: Role, viewport: { width: number; height: number }) {
  const key = `${role}@${viewport.width}`;
  if (!pages.has(key)) pages.set(key, await browser.newPage({ viewport, token: seeded.tokens[role] }));
  return pages.get(key)!.page;
}

for (const role of ROLES) {
  for (const viewport of VIEWPORTS) {
    describe(`${role} at ${viewport.width} px`, () => {
      for (const shot of capturedAt(viewport.width).filter((each) => each.role === role)) {
        it(shot.name, async () => {
          const page = await pageFor(role, viewport);
          await visitScreen(page, { name: shot.name, role, path: shot.path(seeded), ready: shot.ready });
          await page.screenshot({
            path: `${OUTPUT}/${viewport.width}/${shot.name}.png`,
            fullPage: !shot.overlay,
            animations: "disabled",
          });
        });
      }
    });
  }
}
