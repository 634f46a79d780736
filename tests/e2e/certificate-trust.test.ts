import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { certificateVerdict, type CertificateTone } from "#schema/certificate-verdict.ts";
import { verdictHeadline } from "#verifier/texts/verdict.ts";
import type { CodeStatusName, IssuerTrust } from "#schema/limits/codes.ts";
import { OWNER_PASSWORD } from "../shared/accounts";
import { linkIn, waitForEmail } from "../shared/inbox";
import { registerOwnerViaApi, uniqueEmail } from "./fixtures/accounts";
import { createAdminViaDb, verifyCompanyViaAdmin } from "./fixtures/admins";
import { expectToast, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { certificateValue, qrViewPath } from "./fixtures/certificates";
import { createCodeViaApi, type CreatedCode, fillRealEstateCode } from "./fixtures/codes";
import { queryAppDatabase } from "./fixtures/database";
import { apiCall, fetchApp } from "./fixtures/http";
import { createValuerViaApi } from "./fixtures/valuers";

/**
 * One status and trust rule on every surface (schema/certificate-verdict.ts): each state of a code
 * reads the same words in the same colour on the scanned page (/v/), the typed-code page
 * (/verify?code=), /qr-view and, for a standing code, the issuer's detail page.
 */
const browser = useBrowser();

/** The server page's badge class and the SPA pill's tone for each colour of the verdict. */
const SERVER_BADGE: Record<CertificateTone, string> = { valid: "ok", warning: "warn", invalid: "bad", sample: "note" };
const SPA_PILL: Record<CertificateTone, string> = {
  valid: "valid",
  warning: "unverified",
  invalid: "invalid",
  sample: "sample",
};

const today = () =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(),
  );

interface State {
  name: string;
  code: CreatedCode;
  status: CodeStatusName;
  trust: IssuerTrust;
  ownerToken: string;
}

const rename = (token: string, name: string, email: string) =>
  apiCall("/api/companies/current", { method: "PUT", token, body: { name, email } });

async function arrangeStates(): Promise<State[]> {
  const tag = uniqueEmail("trust").split("@")[0]!;
  const owner = await registerOwnerViaApi({ name: `Trust ${tag} Valuers` });
  const companyId = owner.user.company.id;
  const valuer = await createValuerViaApi(owner.token);
  const make = () => createCodeViaApi(owner.token, valuer.id);

  const beforeVerification = await make();
  await rename(owner.token, `Knight Frank ${tag}`, owner.email);
  const otherIdentity = await make();
  await rename(owner.token, `Trust ${tag} Valuers`, owner.email);
  await verifyCompanyViaAdmin(companyId);

  const verified = await make();
  const expired = await make();
  await queryAppDatabase("UPDATE qr_codes SET valid_until = now() - interval '2 days' WHERE id = $1", [expired.id]);
  const revoked = await make();
  await apiCall(`/api/qr-codes/${revoked.id}/revoke`, { token: owner.token, body: { reason: "Value corrected" } });
  const superseded = await make();
  await apiCall(`/api/qr-codes/${superseded.id}/revoke`, {
    token: owner.token,
    body: { reason: "Replaced", supersededByCodeId: verified.id },
  });
  const reinstated = await make();
  await apiCall(`/api/qr-codes/${reinstated.id}/revoke`, { token: owner.token, body: { reason: "Wrong code" } });
  await apiCall(`/api/qr-codes/${reinstated.id}/reinstate`, {
    token: owner.token,
    body: { reason: "Revoked by mistake" },
  });

  const suspendedOwner = await registerOwnerViaApi({ name: `Suspended ${tag} Valuers` });
  await verifyCompanyViaAdmin(suspendedOwner.user.company.id);
  const suspendedValuer = await createValuerViaApi(suspendedOwner.token);
  const suspended = await createCodeViaApi(suspendedOwner.token, suspendedValuer.id);
  const admin = await createAdminViaDb();
  await apiCall(`/api/admin/companies/${suspendedOwner.user.company.id}/status`, {
    method: "PATCH",
    token: admin.token,
    body: { isActive: false },
  });

  const state = (name: string, code: CreatedCode, status: CodeStatusName, trust: IssuerTrust, token = owner.token) => ({
    name,
    code,
    status,
    trust,
    ownerToken: token,
  });
  return [
    state("valid, verified issuer", verified, "valid", "verified"),
    state("valid, issued before verification", beforeVerification, "valid", "before-verification"),
    state("valid, issued under another name", otherIdentity, "valid", "other-identity"),
    state("expired", expired, "expired", "verified"),
    state("revoked", revoked, "revoked", "verified"),
    state("superseded", superseded, "superseded", "verified"),
    state("reinstated", reinstated, "valid", "verified"),
    state("issuer suspended", suspended, "valid", "suspended", suspendedOwner.token),
  ];
}

async function serverBadge(page: Page, path: string) {
  await page.goto(path);
  const badge = page.locator("p.badge");
  await badge.waitFor();
  return { text: (await badge.innerText()).replace(/^[✓⚠✗]\s*/u, ""), tone: await badge.getAttribute("class") };
}

describe("one verdict on every surface", () => {
  it("shows each state of a code in the same words and colour on /v/, /verify, /qr-view and the detail page", async () => {
    const states = await arrangeStates();
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    for (const state of states) {
      const { tone, headline } = certificateVerdict(state.status, state.trust, null);
      const words = verdictHeadline("en", headline, state.trust === "suspended" ? today() : null);

      const scanned = await serverBadge(page, new URL(state.code.qrCodeData).pathname);
      expect(scanned, `${state.name} on /v/`).toEqual({ text: words, tone: `badge ${SERVER_BADGE[tone]}` });
      const typed = await serverBadge(page, `/verify?code=${encodeURIComponent(state.code.verificationCode)}`);
      expect(typed, `${state.name} on /verify`).toEqual(scanned);

      await page.goto(qrViewPath({ qrCodeId: state.code.publicToken }));
      const pill = page.locator("p[data-tone]").first();
      await pill.waitFor();
      expect(
        { text: await pill.innerText(), tone: await pill.getAttribute("data-tone") },
        `${state.name} on /qr-view`,
      ).toEqual({ text: expect.stringContaining(words), tone: SPA_PILL[tone] });
    }

    // A reinstated code keeps its withdrawal on the record.
    const reinstated = states.find((state) => state.name === "reinstated")!;
    await page.goto(new URL(reinstated.code.qrCodeData).pathname);
    await page.getByText(`Withdrawn on ${today()} and reinstated on ${today()}`).waitFor();
    await page.getByText("Reason: Revoked by mistake").waitFor();
    await context.close();

    // The issuer's own detail page says what a scan of a standing code shows, in the same words.
    for (const state of states.filter((candidate) => candidate.status === "valid")) {
      const { headline } = certificateVerdict(state.status, state.trust, null);
      const owner = await browser.newPage({ token: state.ownerToken });
      await owner.page.goto(`/qr/${state.code.id}`);
      await owner.page
        .getByText(`Scanning this code shows “${verdictHeadline("en", headline)}”`, { exact: false })
        .waitFor();
      if (state.trust === "other-identity") {
        await owner.page.getByText(/^Issued under the name “Knight Frank/).waitFor();
      }
      await owner.context.close();
    }

    // The lists say what a scan shows where the status badge alone would not: History for every
    // code of the firm, the dashboard for its newest five.
    const firm = states.filter((state) => state.trust !== "suspended");
    const workspace = await browser.newPage({ token: firm[0]!.ownerToken, viewport: PHONE_VIEWPORT });
    const verdictIn = async (container: Locator, state: State) => {
      const entry = container.filter({
        has: workspace.page.locator(`a[href="/qr/${state.code.id}"]`),
      });
      await entry.waitFor();
      const line = entry.locator("[data-scan-verdict]");
      return (await line.count()) === 0
        ? null
        : { text: await line.innerText(), tone: await line.getAttribute("data-scan-verdict") };
    };
    const expectedVerdict = (state: State) => {
      const { tone, headline } = certificateVerdict(state.status, state.trust, null);
      return headline === state.status ? null : { text: `Scans show “${verdictHeadline("en", headline)}”`, tone };
    };
    await workspace.page.goto("/qr-history");
    for (const state of firm) {
      expect(await verdictIn(workspace.page.locator("tbody tr"), state), `${state.name} in History`).toEqual(
        expectedVerdict(state),
      );
    }
    await workspace.page.goto("/dashboard");
    const recent = workspace.page.getByRole("list", { name: "Recent codes" }).locator("> li");
    const newestFive = firm.toSorted((a, b) => b.code.id - a.code.id).slice(0, 5);
    for (const state of newestFive) {
      expect(await verdictIn(recent, state), `${state.name} in Recent Codes`).toEqual(expectedVerdict(state));
    }
    await workspace.context.close();
  });

  it("keeps the signer a certificate was issued with after the valuer is edited", async () => {
    const owner = await registerOwnerViaApi();
    await verifyCompanyViaAdmin(owner.user.company.id);
    const valuer = await createValuerViaApi(owner.token);
    const code = await createCodeViaApi(owner.token, valuer.id);
    await apiCall(`/api/valuers/${valuer.id}`, {
      method: "PUT",
      token: owner.token,
      body: { name: "Someone Else Entirely", qualification: "None", phone: "+254711000000" },
    });
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await page.goto(new URL(code.qrCodeData).pathname);
    await page.getByText("Verified Authentic").waitFor();
    expect(await certificateValue(page, "Name").innerText()).toBe("Jane Wanjiku");
    expect(await page.getByText("Someone Else Entirely").count()).toBe(0);
    await context.close();

    // The firm's own detail page says why the certificate shows the old details.
    const workspace = await browser.newPage({ token: owner.token });
    await workspace.page.goto(`/qr/${code.id}`);
    const note = workspace.page.getByTestId("signer-now");
    await note.waitFor();
    expect(await note.innerText()).toBe(
      "The valuer's details have changed since this code was issued (now Someone Else Entirely, None). The certificate keeps the details it was issued with.",
    );
    await workspace.context.close();
  });

  it("sends a verified firm whose company email changed back to review: its new codes are amber", async () => {
    const owner = await registerOwnerViaApi();
    await verifyCompanyViaAdmin(owner.user.company.id);
    const valuer = await createValuerViaApi(owner.token);
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/company");
    const email = page.getByLabel("Company Email");
    await email.waitFor();
    const newEmail = uniqueEmail("desk");
    await email.fill(newEmail);
    await page.getByLabel("Your current password").fill(OWNER_PASSWORD);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Company details updated");
    const confirmation = await waitForEmail(newEmail, "Confirm your new email");
    await page.goto(linkIn(confirmation, "/confirm-email").href);
    await page.getByText(`The company's email is now ${newEmail}.`).waitFor();
    await context.close();

    const code = await createCodeViaApi(owner.token, valuer.id);
    const phone = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await phone.page.goto(new URL(code.qrCodeData).pathname);
    await phone.page.getByText("Issued under a name ValuSeal has not verified").first().waitFor();
    expect(await phone.page.getByText("Verified Authentic").count()).toBe(0);
    await phone.context.close();
  });

  it("refuses a time zone given as an offset, which Postgres would read with its sign inverted", async () => {
    const owner = await registerOwnerViaApi();
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/settings/company/alerts");
    const zone = page.getByLabel("Time zone", { exact: true });
    await zone.waitFor();
    // The form offers names only; an attacker edits the page to send an offset.
    await zone.evaluate((select: HTMLSelectElement) => {
      const option = select.options[select.options.length - 1]!;
      option.value = "+23:59";
      option.textContent = "+23:59";
    });
    await zone.selectOption("+23:59");
    await page.getByRole("button", { name: "Save scan alerts" }).click();
    await page
      .getByText("Choose a time zone by name, such as Africa/Nairobi (offsets such as +03:00 are not accepted)")
      .waitFor();
    const direct = await fetchApp("/api/companies/current/scan-alerts", {
      method: "PUT",
      headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
      body: JSON.stringify({ mode: "daily", timeZone: "+23:59" }),
    });
    expect(direct.status).toBe(400);
    const saved = await queryAppDatabase("SELECT time_zone FROM companies WHERE id = $1", [owner.user.company.id]);
    expect(saved.rows[0]!.time_zone).not.toBe("+23:59");
    await context.close();
  });

  it("refuses a valuation dated in the future on the create form, on the field", async () => {
    const owner = await registerOwnerViaApi();
    await createValuerViaApi(owner.token);
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/create-qr");
    await page.getByRole("option", { name: "Jane Wanjiku (MRICS)" }).waitFor({ state: "attached" });
    await fillRealEstateCode(page);
    await page.getByLabel("Valuation Date").fill("31/12/2099");
    await page.getByRole("button", { name: "Generate QR Code" }).click();
    await page.getByText("Valuation date cannot be in the future").waitFor();
    await context.close();
  });
});
