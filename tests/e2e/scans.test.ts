import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, expectToast, PHONE_VIEWPORT, registerOwnerViaApi, useBrowser } from "../support/browser";
import { createCodeViaApi, createValuerViaApi } from "../support/codes";
import { expectNoHorizontalScroll, scanLikePhone, USER_AGENTS } from "../support/scans";
import { joinAsMember } from "../support/team";

const browser = useBrowser();

async function arrangeCodes() {
  const owner = await registerOwnerViaApi();
  const valuer = await createValuerViaApi(owner.token);
  const code = await createCodeViaApi(owner.token, valuer.id);
  const replacement = await createCodeViaApi(owner.token, valuer.id, {
    propertyAddress: "14 Riverside Drive, Westlands, Nairobi",
    propertyReference: "VAL-2025-002",
  });
  return { owner, valuer, code, replacement };
}

const statusPanel = (page: Page) => page.getByRole("region", { name: "Verification Status" });
const scanPanel = (page: Page) => page.getByRole("region", { name: "Scan History" });

async function openCertificate(address: string) {
  const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
  await page.goto(address);
  await page.getByRole("heading", { level: 1, name: "Property Valuation Certificate" }).waitFor();
  return { page, context };
}

describe("revocation on the code detail page", () => {
  it("revokes with a reason and a replacement, shows it on the printed address and in history, then reinstates", async () => {
    const { owner, code, replacement } = await arrangeCodes();
    const { page, context } = await browser.newPage({ token: owner.token });
    // History first, so its cached list must be refreshed by the revocation.
    await page.goto("/qr-history");
    await page.getByRole("link", { name: "View 12 Riverside Drive, Westlands, Nairobi" }).click();
    const panel = statusPanel(page);
    await panel.getByText("Valid", { exact: true }).waitFor();
    await panel.getByText("No changes: the code has been valid since it was created.").waitFor();

    await panel.getByRole("button", { name: "Revoke code" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this code?" });
    await dialog.getByRole("button", { name: "Revoke code" }).click();
    await dialog.getByRole("alert").getByText("Reason is required").waitFor();
    await dialog.getByLabel("Reason").fill("Superseded by a new valuation");
    const successor = dialog.getByLabel("Replaced by (optional)");
    await successor.locator("option", { hasText: "14 Riverside Drive" }).waitFor({ state: "attached" });
    // Neither the code itself nor a revoked code can replace it.
    expect(await successor.locator("option").allInnerTexts()).toEqual([
      "No replacement",
      "14 Riverside Drive, Westlands, Nairobi · VAL-2025-002 · 15/01/2025",
    ]);
    await successor.selectOption({ label: "14 Riverside Drive, Westlands, Nairobi · VAL-2025-002 · 15/01/2025" });
    await dialog.getByRole("button", { name: "Revoke code" }).click();
    expect(await expectToast(page, "Code revoked")).toBe("default");
    await dialog.waitFor({ state: "detached" });

    await panel.getByText(/^Revoked on .+ by Olive Owner$/).waitFor();
    await panel.getByText("Reason: Superseded by a new valuation").first().waitFor();
    expect(await panel.getByRole("link", { name: "14 Riverside Drive, Westlands, Nairobi" }).getAttribute("href")).toBe(
      `/qr/${replacement.id}`,
    );
    const history = panel.getByRole("list", { name: "Status history" }).getByRole("listitem");
    await expect.poll(() => history.allInnerTexts()).toEqual([expect.stringMatching(/^Revoked[\s\S]*by Olive Owner/)]);
    expect(await panel.getByRole("button", { name: "Revoke code" }).count()).toBe(0);

    // The printed address now says Revoked, with the reason, at once.
    const phone = await openCertificate(code.qrCodeData);
    await phone.page.getByText(/^Revoked on \d{1,2} \w+ \d{4}$/).waitFor();
    await phone.page.getByText("Reason: Superseded by a new valuation").waitFor();
    expect(await phone.page.getByRole("link", { name: replacement.qrCodeData }).count()).toBe(1);
    expect(await phone.page.getByText("Verified Authentic").count()).toBe(0);
    await expectNoHorizontalScroll(phone.page);

    // The history list shows Revoked without a reload.
    await page.getByRole("link", { name: "← QR History" }).click();
    const row = page.getByRole("row").filter({ hasText: "VAL-2025-001" });
    await row.getByText("Revoked", { exact: true }).waitFor();
    await page.goBack();

    await panel.getByRole("button", { name: "Reinstate code" }).click();
    const reinstate = page.getByRole("dialog", { name: "Reinstate this code?" });
    await reinstate.getByLabel("Reason").fill("Revoked by mistake");
    await reinstate.getByRole("button", { name: "Reinstate code" }).click();
    await expectToast(page, "Code reinstated");
    await panel.getByText("Valid", { exact: true }).waitFor();
    await expect
      .poll(() => history.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Reinstated[\s\S]*by Olive Owner[\s\S]*Reason: Revoked by mistake/),
        expect.stringMatching(/^Revoked[\s\S]*Reason: Superseded by a new valuation/),
      ]);

    await phone.page.reload();
    await phone.page.getByText("Verified Authentic").waitFor();
    expect(await phone.page.getByText(/Revoked/).count()).toBe(0);
    await phone.context.close();
    await context.close();
  });

  it("lets a member revoke only the codes they created, and never reinstate", async () => {
    const { owner, valuer, code: ownersCode } = await arrangeCodes();
    const member = await joinAsMember(browser, owner.token);
    const membersCode = await createCodeViaApi(member.token, valuer.id, { propertyReference: "VAL-M-1" });
    const { page } = member;

    await page.goto(`/qr/${ownersCode.id}`);
    const panel = statusPanel(page);
    await panel
      .getByText("Only the company owner or the person who created this code can revoke it.", { exact: true })
      .waitFor();
    expect(await panel.getByRole("button", { name: "Revoke code" }).count()).toBe(0);

    await page.goto(`/qr/${membersCode.id}`);
    await panel.getByRole("button", { name: "Revoke code" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this code?" });
    await dialog.getByLabel("Reason").fill("Wrong property reference");
    await dialog.getByRole("button", { name: "Revoke code" }).click();
    await expectToast(page, "Code revoked");
    await panel.getByText(/^Revoked on .+ by Mary Member$/).waitFor();
    await panel.getByText("Only the company owner can reinstate a revoked code.", { exact: true }).waitFor();
    expect(await panel.getByRole("button", { name: "Reinstate code" }).count()).toBe(0);
    await member.context.close();
  });

  it("says why the server refused, in a destructive toast", async () => {
    const { owner, code } = await arrangeCodes();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto(`/qr/${code.id}`);
    await statusPanel(page).getByRole("button", { name: "Revoke code" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this code?" });
    await dialog.getByLabel("Reason").fill("Issued in error");
    // Meanwhile, someone else revoked it.
    await apiCall(`/api/qr-codes/${code.id}/revoke`, { token: owner.token, body: { reason: "Duplicate" } });
    await dialog.getByRole("button", { name: "Revoke code" }).click();
    expect(await expectToast(page, "Failed to revoke code", "This code is already revoked")).toBe("destructive");
    await context.close();
  });
});

describe("scan log", () => {
  it("shows an empty state, then the scans with place, device, unique scanners and the daily chart", async () => {
    const { owner, code } = await arrangeCodes();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto(`/qr/${code.id}`);
    const panel = scanPanel(page);
    await panel.getByText("No scans yet", { exact: true }).waitFor();

    await scanLikePhone(code.qrCodeData, USER_AGENTS.iphone);
    await scanLikePhone(code.qrCodeData, USER_AGENTS.iphone);
    await scanLikePhone(code.qrCodeData, USER_AGENTS.desktop);
    await scanLikePhone(code.qrCodeData, USER_AGENTS.whatsapp); // a preview: not a scan
    await panel.getByRole("button", { name: "Refresh" }).click();

    const rows = panel.getByRole("table", { name: "Latest scans, newest first" }).locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(3);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll("td"))
          .slice(1)
          .map((td) => td.textContent),
      ),
    );
    expect(cells).toEqual([
      // wrangler dev gives every local request the same stand-in location.
      ["Austin, United States", "Desktop"],
      ["Austin, United States", "Mobile"],
      ["Austin, United States", "Mobile"],
    ]);
    expect(await rows.first().locator("td").first().innerText()).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    const figure = (label: string) => panel.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
    expect(await figure("Unique scanners").innerText()).toBe("2");
    expect(await figure("Scans in the last 30 days").innerText()).toBe("3");
    // Refresh re-read the code too: its verification count agrees with the log.
    await page.getByText("Verification Count").locator("xpath=following-sibling::dd").getByText("3").waitFor();

    const chart = panel.getByRole("img", {
      name: /^3 scans in the last 30 days; the busiest day was .+ with 3 scans\.$/,
    });
    await chart.waitFor();
    expect(await chart.locator("rect").count()).toBe(30);
    expect(await chart.locator("rect").last().locator("title").textContent()).toMatch(/: 3 scans$/);
    await panel.getByText("Show the days with scans as a table").click();
    const days = panel.getByRole("table", { name: "Scans per day, days with scans only" }).locator("tbody tr");
    expect(await days.count()).toBe(1);
    expect(await days.locator("td").last().innerText()).toBe("3");
    await context.close();
  });
});

describe("dashboard recent scans", () => {
  it("starts empty and lists new scans of the company's codes when the page regains attention", async () => {
    const { owner, code, replacement } = await arrangeCodes();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/");
    const panel = page.getByRole("region", { name: "Recent Scans" });
    await panel.getByText("No scans yet", { exact: true }).waitFor();

    await scanLikePhone(code.qrCodeData, USER_AGENTS.iphone);
    await scanLikePhone(replacement.qrCodeData, USER_AGENTS.ipad);
    // Another company's scans never show here.
    const stranger = await arrangeCodes();
    await scanLikePhone(stranger.code.qrCodeData);

    // Coming back to the tab refreshes this list (and only this one).
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    const items = panel.getByRole("list", { name: "Recent scans" }).getByRole("listitem");
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().innerText()).toMatch(
      /^14 Riverside Drive, Westlands, Nairobi\s+\d{1,2} \w{3} \d{4}, \d{2}:\d{2}[\s\S]+Austin, United States[\s\S]+Tablet$/,
    );
    expect(await items.last().innerText()).toMatch(/^12 Riverside Drive[\s\S]+Austin, United States[\s\S]+Mobile$/);
    await items.first().getByRole("link", { name: "14 Riverside Drive, Westlands, Nairobi" }).click();
    await page.waitForURL(`**/qr/${replacement.id}`);
    await context.close();
  });

  it("refreshes by itself every minute", async () => {
    const { owner, code } = await arrangeCodes();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.clock.install();
    await page.goto("/");
    const panel = page.getByRole("region", { name: "Recent Scans" });
    await panel.getByText("No scans yet", { exact: true }).waitFor();
    await scanLikePhone(code.qrCodeData);
    const refreshed = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/scans/recent");
    await page.clock.runFor(61_000);
    await refreshed;
    await panel.getByRole("link", { name: "12 Riverside Drive, Westlands, Nairobi" }).waitFor();
    await context.close();
  });
});

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

describe("scan alert webhook in Company Details", () => {
  const deliveries: Delivery[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      deliveries.push({ headers: req.headers, body });
      res.writeHead(200).end("ok");
    });
  });
  beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve)));
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it("shows the secret once, signs each scan with it, and reports the last delivery", async () => {
    const { owner, code } = await arrangeCodes();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/company");
    const section = page.getByRole("region", { name: "Scan Alerts" });
    await section.getByText("Not set: scans are not sent anywhere").waitFor();
    await section.getByText("X-ValuSeal-Signature", { exact: true }).first().waitFor();

    const url = section.getByLabel("Webhook URL");
    await url.fill("ftp://hooks.example.com");
    await section.getByRole("button", { name: "Save webhook" }).click();
    await section.getByRole("alert").getByText("Enter a full URL starting with https://").waitFor();

    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/valuseal`;
    await url.fill(hookUrl);
    await section.getByRole("button", { name: "Save webhook" }).click();
    await expectToast(page, "Webhook saved", "Copy your signing secret now.");
    const secretBox = section.getByLabel("Webhook signing secret");
    const secret = await secretBox.innerText();
    expect(secret).toMatch(/^whsec_\w{32}$/);
    await section.getByText(/you won't see it again/).waitFor();
    await section.getByRole("button", { name: "Copy secret" }).click();
    await expectToast(page, "Secret copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await section.getByText(hookUrl, { exact: true }).waitFor();
    await section.getByText("No deliveries yet").waitFor();

    // Never shown again: not after a reload, not in any answer the page reads.
    const answers: Promise<string>[] = [];
    page.on("response", (res) => {
      if (new URL(res.url()).pathname.startsWith("/api/")) answers.push(res.text().catch(() => ""));
    });
    await page.reload();
    await section.getByText(hookUrl, { exact: true }).waitFor();
    expect(await page.content()).not.toContain(secret);
    const bodies = await Promise.all(answers);
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).not.toContain(secret);
    expect(await section.getByLabel("Webhook signing secret").count()).toBe(0);

    await scanLikePhone(code.qrCodeData);
    await expect.poll(() => deliveries.length, { timeout: 20_000 }).toBe(1);
    const [delivery] = deliveries;
    const expected = `sha256=${createHmac("sha256", secret).update(delivery!.body).digest("hex")}`;
    expect(delivery!.headers["x-valuseal-signature"]).toBe(expected);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      event: "code.scanned",
      code: { id: code.publicToken, reference: "VAL-2025-001", address: "12 Riverside Drive, Westlands, Nairobi" },
      scan: { device: "mobile" },
      verificationCount: 1,
    });

    await expect
      .poll(
        async () => {
          await section.getByRole("button", { name: "Check again" }).click();
          return section.getByText("delivered (HTTP 200)").count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await section.getByText("Delivered", { exact: true }).waitFor();

    await section.getByRole("button", { name: "Remove webhook" }).click();
    await page
      .getByRole("alertdialog", { name: "Remove the webhook?" })
      .getByRole("button", { name: "Remove webhook" })
      .click();
    await expectToast(page, "Webhook removed");
    await section.getByText("Not set: scans are not sent anywhere").waitFor();
    expect(await url.inputValue()).toBe("");
    await context.close();
  });

  it("shows members the webhook read-only", async () => {
    const owner = await registerOwnerViaApi();
    await apiCall("/api/companies/current/webhook", {
      token: owner.token,
      method: "PUT",
      body: { url: "https://hooks.example.com/valuseal" },
    });
    const member = await joinAsMember(browser, owner.token);
    await member.page.goto("/settings/company");
    const section = member.page.getByRole("region", { name: "Scan Alerts" });
    await section.getByText("https://hooks.example.com/valuseal", { exact: true }).waitFor();
    await section.getByText("Only the company owner can change the webhook.").waitFor();
    expect(await section.getByLabel("Webhook URL").count()).toBe(0);
    expect(await section.getByRole("button", { name: "Remove webhook" }).count()).toBe(0);
    await member.context.close();
  });
});
