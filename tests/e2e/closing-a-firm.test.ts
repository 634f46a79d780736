import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { BUILD_DIR } from "#scripts/lib/current-build.ts";
import { freePort } from "#scripts/lib/free-port.ts";
import { serveBuiltApp } from "../support/built-app";
import { OWNER_PASSWORD, MEMBER_PASSWORD } from "#tests/shared/accounts.ts";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { PHONE_VIEWPORT, expectNoHorizontalScroll, expectToast, useBrowser } from "./fixtures/browser";
import { openAdminPage } from "./fixtures/admin-screens";
import { createAdminViaDb } from "./fixtures/admins";
import { createCodeViaApi } from "./fixtures/codes";
import { queryAppDatabase } from "./fixtures/database";
import { apiCall, fetchApp } from "./fixtures/http";
import { joinAsMemberInBrowser } from "./fixtures/team";
import { createValuerViaApi } from "./fixtures/valuers";

const browser = useBrowser();

/** "5 January 2027": the long date every screen shows. */
const LONG_DATE = String.raw`\d{1,2} [A-Z][a-z]+ \d{4}`;

/**
 * The hourly cron, run now as Cloudflare's trigger would: by a second instance of the built app
 * with the same settings and database (the served one runs in the suite's setup process).
 */
async function runHourlyJobs() {
  const app = await serveBuiltApp({ buildDir: BUILD_DIR, envFile: inject("appEnvFile"), port: await freePort() });
  try {
    await app.runScheduled("0 * * * *");
  } finally {
    await app.stop();
  }
}

/**
 * Every table of the app's database whose rows' text holds `needle`: what someone searching the
 * whole database for an address would find.
 */
async function tablesHolding(needle: string) {
  const tables = await queryAppDatabase(
    "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    [],
  );
  const found: string[] = [];
  for (const { name } of tables.rows as { name: string }[]) {
    const hit = await queryAppDatabase(`SELECT 1 FROM ${name} t WHERE strpos(lower(t::text), $1) > 0 LIMIT 1`, [
      needle.toLowerCase(),
    ]);
    if (hit.rows.length > 0) found.push(name.replace(/^public\./, ""));
  }
  return found;
}

const closingBanner = (page: Page) => page.getByRole("region", { name: "Organisation closing" });

describe("closing a firm", () => {
  it("is scheduled by the owner, shown on every screen with Undo, and after the purge its certificate still loads", async () => {
    const owner = await registerOwnerViaApi();
    const firm = owner.user.company.name;
    const valuer = await createValuerViaApi(owner.token);
    const code = await createCodeViaApi(owner.token, valuer.id);
    const member = await joinAsMemberInBrowser(browser, owner.token);

    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/settings/company/data");
    const section = page.getByRole("region", { name: "Close the organisation" });
    await section.getByLabel(`Type "${firm}" to confirm`).fill("Someone Else Ltd");
    await section.getByLabel("Current Password").fill(OWNER_PASSWORD);
    await section.getByRole("button", { name: "Close organisation" }).click();
    await section.getByText("That is not the organisation's name").waitFor();

    await section.getByLabel(`Type "${firm}" to confirm`).fill(firm);
    await section.getByRole("button", { name: "Close organisation" }).click();
    expect(await expectToast(page, "Closure scheduled")).toBe("default");
    await closingBanner(page)
      .getByText(new RegExp(`^${firm} will be closed on ${LONG_DATE}$`))
      .waitFor();
    await expectNoHorizontalScroll(page);

    // Every screen says so: the dashboard, for the owner with Undo, for the member without.
    await page.goto("/");
    await closingBanner(page).getByRole("button", { name: "Undo" }).waitFor();
    await member.page.goto("/");
    await closingBanner(member.page).getByText("Only the owner can undo this.").waitFor();
    expect(await closingBanner(member.page).getByRole("button", { name: "Undo" }).count()).toBe(0);

    await closingBanner(page).getByRole("button", { name: "Undo" }).click();
    expect(await expectToast(page, "The organisation will not be closed")).toBe("default");
    await closingBanner(page).waitFor({ state: "detached" });

    // Asked again; then the 30 days pass (the due moment is moved into the past) and the purge runs.
    await apiCall("/api/companies/current/closure", {
      token: owner.token,
      body: { organisationName: firm, currentPassword: OWNER_PASSWORD },
    });
    await queryAppDatabase("UPDATE companies SET closure_due_at = now() - interval '1 hour' WHERE id = $1", [
      owner.user.company.id,
    ]);
    await runHourlyJobs();
    const closed = await queryAppDatabase("SELECT closed_at FROM companies WHERE id = $1", [owner.user.company.id]);
    expect(closed.rows[0].closed_at).toBeInstanceOf(Date);

    // Sign-in has ended: the app is back at the landing page.
    await page.reload();
    await page.getByRole("button", { name: "Valuer Dashboard" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    // The certificate is as issued, with the closure beside its verdict.
    await page.goto(`/v/${code.publicToken}`);
    await page.getByText(new RegExp(`^Issuer account closed on ${LONG_DATE}$`)).waitFor();
    await page.getByText(firm).first().waitFor();
    await expectNoHorizontalScroll(page);

    // The staff's addresses are gone: the member's everywhere, the owner's (the firm's contact on
    // its certificates) kept only in the issued code and its signed records.
    expect(await tablesHolding(member.email)).toEqual([]);
    const ownerTables = await tablesHolding(owner.email);
    expect(ownerTables.filter((table) => !["qr_codes", "transparency_log_records"].includes(table))).toEqual([]);
    // Nobody signs in with them any more (the attempt is a stranger's, kept as a short-lived failure).
    const signIn = await fetchApp("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: member.email, password: MEMBER_PASSWORD }),
    });
    expect(signIn.status).toBe(401);

    await member.context.close();
    await context.close();
  });
});

describe("the closing and deletion banners", () => {
  it("is on a lender's Portfolio and an administrator's screens too, with Undo", async () => {
    const lender = await registerOwnerViaApi({ organisationKind: "lender", lenderType: "bank" });
    await apiCall("/api/companies/current/closure", {
      token: lender.token,
      body: { organisationName: lender.user.company.name, currentPassword: OWNER_PASSWORD },
    });
    const bank = await browser.newPage({ token: lender.token, viewport: PHONE_VIEWPORT });
    await bank.page.goto("/portfolio");
    await closingBanner(bank.page)
      .getByText(new RegExp(`^${lender.user.company.name} will be closed on ${LONG_DATE}$`))
      .waitFor();
    await closingBanner(bank.page).getByRole("button", { name: "Undo" }).waitFor();
    await expectNoHorizontalScroll(bank.page);
    await bank.context.close();

    // An administrator (not the last one) deleting their own account sees it on the admin screens.
    await createAdminViaDb();
    const admin = await createAdminViaDb();
    await apiCall("/api/profile/deletion", { token: admin.token, body: { currentPassword: admin.password } });
    const { page, context } = await openAdminPage(browser, "/admin/users", admin.token, PHONE_VIEWPORT);
    const banner = page.getByRole("region", { name: "Account deletion" });
    await banner.getByText(new RegExp(`^Your account will be deleted on ${LONG_DATE}$`)).waitFor();
    await banner.getByRole("button", { name: "Undo" }).waitFor();
    await expectNoHorizontalScroll(page);
    await context.close();
  });
});

describe("deleting one's own account", () => {
  it("is asked for in Profile Settings, shown with Undo on every screen, and undone", async () => {
    const owner = await registerOwnerViaApi();
    const member = await joinAsMemberInBrowser(browser, owner.token);
    await member.page.setViewportSize(PHONE_VIEWPORT);
    await member.page.goto("/settings/profile");
    const section = member.page.getByRole("region", { name: "Delete your account" });
    await section.getByLabel("Current Password").fill(MEMBER_PASSWORD);
    await section.getByRole("button", { name: "Delete my account" }).click();
    expect(await expectToast(member.page, "Account deletion scheduled")).toBe("default");
    const banner = member.page.getByRole("region", { name: "Account deletion" });
    await banner.getByText(new RegExp(`^Your account will be deleted on ${LONG_DATE}$`)).waitFor();
    await expectNoHorizontalScroll(member.page);

    await member.page.goto("/");
    await banner.getByRole("button", { name: "Undo" }).click();
    expect(await expectToast(member.page, "Your account will not be deleted")).toBe("default");
    await banner.waitFor({ state: "detached" });

    // An owner is sent to close the organisation instead.
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/settings/profile");
    await page
      .getByRole("region", { name: "Delete your account" })
      .getByRole("link", { name: "Company Details → Data" })
      .waitFor();
    await member.context.close();
    await context.close();
  });
});
