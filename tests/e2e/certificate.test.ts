import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { RECENT_VALUATION, RECENT_VALUATION_DAYS, valuationDay } from "../shared/dates";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { expectNoHorizontalScroll, holdRequests, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import {
  certificateValue,
  certificateViaApi,
  qrViewPath,
  scanCountIn,
  scanLikePhone,
  USER_AGENTS,
} from "./fixtures/certificates";
import { createCodeViaApi, VEHICLE_CODE } from "./fixtures/codes";
import { apiCall } from "./fixtures/http";
import { decodeQrPng, downloadedFile } from "./fixtures/qr-images";
import { createValuerViaApi } from "./fixtures/valuers";
import { verifyCompanyViaAdmin } from "./fixtures/admins";

const browser = useBrowser();

/** The public certificate payload: the 17 fields a /qr-view link carries. */
const PAYLOAD_FIELDS = [
  "propertyAddress",
  "propertyReference",
  "propertyType",
  "propertySize",
  "propertySizeUnit",
  "landSize",
  "landSizeUnit",
  "marketValue",
  "currency",
  "valuationDate",
  "signingValuer",
  "valuerQualification",
  "valuerPhone",
  "companyName",
  "companyEmail",
  "qrCodeId",
  "verificationCount",
] as const;

/** A verified company's owner with a valuer and one Real Estate code (KES 45,000,000, valued recently: RECENT_VALUATION). */
async function arrangeCode() {
  const owner = await registerOwnerViaApi();
  await verifyCompanyViaAdmin(owner.user.company.id);
  const valuer = await createValuerViaApi(owner.token);
  const code = await createCodeViaApi(owner.token, valuer.id);
  return { owner, code };
}

/** The JSON a seed-style code carried for this code: the spec's payload, as the issuer's record has it. */
async function payloadOf(token: string) {
  const certificate = await certificateViaApi(token);
  return Object.fromEntries(PAYLOAD_FIELDS.map((field) => [field, certificate[field]]));
}

async function openPhonePage(path: string) {
  const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
  await page.goto(path);
  return { page, context };
}

async function expectInvalid(page: Page, message: string) {
  await page.getByRole("heading", { level: 1, name: "Invalid QR Code" }).waitFor();
  await page.getByText(message, { exact: true }).waitFor();
  await page.getByText("Not a ValuSeal code — do not rely on the document it appears on").waitFor();
  expect(await page.getByText("Verified Authentic").count()).toBe(0);
  expect(await page.getByRole("heading", { name: "Property Valuation Certificate" }).count()).toBe(0);
}

const NOT_ISSUERS = /do not match the issuer's record/;

describe("/qr-view inputs", () => {
  it("without data says No QR code data found", async () => {
    const { page, context } = await openPhonePage("/qr-view");
    await expectInvalid(page, "No QR code data found");
    await page.goto("/qr-view?data=");
    await expectInvalid(page, "No QR code data found");
    await context.close();
  });

  it("with data that is not URL-encoded JSON says Invalid QR code data", async () => {
    const { page, context } = await openPhonePage("/qr-view?data=%7Bnot%20json");
    await expectInvalid(page, "Invalid QR code data");
    await page.goto("/qr-view?data=%E0%A4%A");
    await expectInvalid(page, "Invalid QR code data");
    // JSON, but not a certificate.
    await page.goto(`/qr-view?data=${encodeURIComponent("[1,2,3]")}`);
    await expectInvalid(page, "Invalid QR code data");
    await context.close();
  });

  it("with JSON naming no code the issuer knows says Invalid QR code data, never Verified Authentic", async () => {
    const { code } = await arrangeCode();
    const forged = { ...(await payloadOf(code.publicToken)), qrCodeId: "ZZZZZZZZZZZZZZZZ" };
    const { page, context } = await openPhonePage(qrViewPath(forged));
    await expectInvalid(page, "Invalid QR code data");
    await page.getByText(/not in the issuer's records/).waitFor();

    await page.goto(qrViewPath({ propertyAddress: "1 Forged Road", marketValue: "999" }));
    await expectInvalid(page, "Invalid QR code data");
    await context.close();
  });

  it("with a real code's JSON whose market value was edited says Invalid QR code data and that it does not match", async () => {
    const { code } = await arrangeCode();
    const payload = await payloadOf(code.publicToken);
    expect(payload.marketValue).toBe("45000000.00");
    const { page, context } = await openPhonePage(qrViewPath({ ...payload, marketValue: "95000000.00" }));
    await expectInvalid(page, "Invalid QR code data");
    await page.getByText(NOT_ISSUERS).waitFor();

    // Any other edited field too, in whatever form it is written.
    await page.goto(qrViewPath({ ...payload, valuationDate: valuationDay(RECENT_VALUATION_DAYS - 1).dayMonthYear }));
    await expectInvalid(page, "Invalid QR code data");
    await page.getByText(NOT_ISSUERS).waitFor();
    await page.goto(qrViewPath({ ...payload, signingValuer: "Someone Else" }));
    await expectInvalid(page, "Invalid QR code data");
    await context.close();
  });

  it("with a real code's JSON shows the issuer's record as Verified Authentic, counting each visitor once", async () => {
    const { owner, code } = await arrangeCode();
    const payload = await payloadOf(code.publicToken);
    // The payload fetch above was a counted scan.
    expect(payload.verificationCount).toBe(1);
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
    await page.goto(qrViewPath(payload));
    await page.getByRole("heading", { level: 1, name: "Property Valuation Certificate" }).waitFor();
    await page.getByText("Verified Authentic", { exact: true }).waitFor();
    // Every screen is loaded lazily: a scanner downloads the certificate's own chunk, never the workspace or admin screens.
    expect(scripts.join(" ")).not.toMatch(/workspace-routes|app-shell|admin-page/);
    for (const section of ["Property Information", "Valuation Details", "Signing Valuer"]) {
      await page.getByRole("heading", { level: 2, name: section }).waitFor();
    }
    const expected: [string, string][] = [
      ["Location", "12 Riverside Drive, Westlands, Nairobi"],
      ["Reference", "VAL-2025-001"],
      ["Type", "Real Estate"],
      ["Building size", "2,450 sqft"],
      ["Land size", "0.5 acres"],
      ["Market value", "KSh 45,000,000.00"],
      ["Valuation date", RECENT_VALUATION.long],
      ["Name", "Jane Wanjiku"],
      ["Qualification", "MRICS"],
      ["Phone", "+254700111222"],
      ["Company", owner.user.company.name],
      ["Company email", owner.email],
      ["QR Code ID", code.publicToken],
      ["Scan count", "2"],
    ];
    for (const [label, value] of expected) expect(await certificateValue(page, label).innerText()).toBe(value);
    await expectNoHorizontalScroll(page);

    // A reload within ten minutes is the same visitor again: logged, not counted.
    await page.reload();
    await page.getByText("Verified Authentic", { exact: true }).waitFor();
    expect(await certificateValue(page, "Scan count").innerText()).toBe("2");
    await context.close();
  });

  it("compares normalised values: the number, the DD/MM/YYYY date, or only the printed address still verify", async () => {
    const { code } = await arrangeCode();
    const payload = await payloadOf(code.publicToken);
    const { page, context } = await openPhonePage(
      qrViewPath({
        ...payload,
        marketValue: 45000000,
        valuationDate: RECENT_VALUATION.dayMonthYear,
        verificationCount: 999,
      }),
    );
    await page.getByText("Verified Authentic", { exact: true }).waitFor();
    // The count shown is the server's, not the link's.
    expect(await certificateValue(page, "Scan count").innerText()).toBe("2");

    await page.goto(qrViewPath({ url: code.qrCodeData }));
    await page.getByText("Verified Authentic", { exact: true }).waitFor();
    expect(await certificateValue(page, "Market value").innerText()).toBe("KSh 45,000,000.00");
    await context.close();
  });

  it("for a code replaced by another shows the red Superseded notice with date, reason and replacement, never Verified Authentic", async () => {
    const { owner, code } = await arrangeCode();
    const valuer = await createValuerViaApi(owner.token, { name: "Peter Otieno" });
    const replacement = await createCodeViaApi(owner.token, valuer.id, { propertyReference: "VAL-2025-002" });
    // A link made while the code was still valid.
    const payload = await payloadOf(code.publicToken);
    await apiCall(`/api/qr-codes/${code.id}/revoke`, {
      token: owner.token,
      body: { reason: "Superseded by a new valuation", supersededByCodeId: replacement.id },
    });
    const { page, context } = await openPhonePage(qrViewPath(payload));
    await page.getByRole("heading", { level: 1, name: "Property Valuation Certificate" }).waitFor();
    const today = new Date().toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    // Revoked with its replacement named: superseded, in the server page's words.
    await page.getByText("Replaced by a newer valuation", { exact: true }).waitFor();
    await page.getByText("Superseded", { exact: true }).waitFor();
    await page.getByText(`Revoked on ${today}. The issuer has withdrawn this valuation. Do not rely on it.`).waitFor();
    await page.getByText("Reason: Superseded by a new valuation", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Open the new valuation" }).getAttribute("href")).toBe(
      replacement.qrCodeData,
    );
    expect(await page.getByText("Verified Authentic").count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await context.close();
  });

  it("shows a loading state while it asks the server", async () => {
    const { code } = await arrangeCode();
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    const release = await holdRequests(page, "**/api/public/certificates/**");
    await page.goto(qrViewPath({ qrCodeId: code.publicToken }));
    await page.getByRole("status").getByText("Checking the issuer's record...").waitFor();
    expect(await page.getByText("Verified Authentic").count()).toBe(0);
    release();
    await page.getByText("Verified Authentic", { exact: true }).waitFor();
    await context.close();
  });
});

describe("the printed address (/v/<token>) in a phone's browser", () => {
  it("shows the certificate at 360 px, and a reload does not count the same phone again", async () => {
    const { code } = await arrangeCode();
    const { page, context } = await openPhonePage(code.qrCodeData);
    await page.getByRole("heading", { level: 1, name: "Property Valuation Certificate" }).waitFor();
    await page.getByText("Verified Authentic").waitFor();
    expect(await certificateValue(page, "Market value").innerText()).toBe("KSh 45,000,000.00");
    expect(await certificateValue(page, "Valuation date").innerText()).toBe(RECENT_VALUATION.long);
    expect(await certificateValue(page, "Scan count").innerText()).toBe("1");
    await expectNoHorizontalScroll(page);
    await page.reload();
    await page.getByText("Verified Authentic").waitFor();
    expect(await certificateValue(page, "Scan count").innerText()).toBe("1");
    await context.close();
  });

  it("names a Motor Vehicle by its Vehicle Reference Number and Vehicle Description, here and on /qr-view", async () => {
    const owner = await registerOwnerViaApi();
    await verifyCompanyViaAdmin(owner.user.company.id);
    const valuer = await createValuerViaApi(owner.token);
    const code = await createCodeViaApi(owner.token, valuer.id, VEHICLE_CODE);
    const { page, context } = await openPhonePage(code.qrCodeData);
    for (const path of [code.qrCodeData, qrViewPath({ qrCodeId: code.publicToken })]) {
      await page.goto(path);
      // The server page's badge reads "✓ Verified Authentic", the SPA's pill the words alone.
      await page.getByText("Verified Authentic").waitFor();
      expect(await certificateValue(page, "Vehicle Reference Number").innerText()).toBe("KDA 123A");
      expect(await certificateValue(page, "Vehicle Description").innerText()).toBe("Toyota Land Cruiser 2021, white");
      expect(await certificateValue(page, "Type").innerText()).toBe("Motor Vehicle");
      for (const absent of ["Location", "Reference", "Building size", "Land size"]) {
        expect(await certificateValue(page, absent).count(), absent).toBe(0);
      }
      await expectNoHorizontalScroll(page);
    }
    await context.close();
  });

  it("decodes the downloaded PNG in Node and GETs its address like a phone: the right certificate, counted once per visitor", async () => {
    const { owner, code } = await arrangeCode();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto(`/qr/${code.id}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download", exact: true }).click(),
    ]);
    const file = await downloadedFile(download);
    const address = decodeQrPng(file.bytes);
    expect(address).toBe(code.qrCodeData);
    expect(address).toMatch(/\/v\/[A-Za-z0-9]{16}$/);

    const first = await scanLikePhone(address!);
    expect(first.status).toBe(200);
    for (const text of [
      "Verified Authentic",
      "12 Riverside Drive, Westlands, Nairobi",
      "KSh 45,000,000.00",
      RECENT_VALUATION.long,
      "Jane Wanjiku",
      code.publicToken,
    ]) {
      expect(first.html).toContain(text);
    }
    expect(scanCountIn(first.html)).toBe(1);
    // The same phone again within ten minutes is not counted again; another device is.
    expect(scanCountIn((await scanLikePhone(address!)).html)).toBe(1);
    expect(scanCountIn((await scanLikePhone(address!, USER_AGENTS.ipad)).html)).toBe(2);
    // A chat app's link preview is answered but not counted.
    expect(scanCountIn((await scanLikePhone(address!, USER_AGENTS.whatsapp)).html)).toBe(2);
    expect(scanCountIn((await scanLikePhone(address!, USER_AGENTS.desktop)).html)).toBe(3);
    await context.close();
  });
});

describe("/qr-view statuses", () => {
  it("shows an expired code's amber banner with its date and verification code, never Verified Authentic", async () => {
    const owner = await registerOwnerViaApi();
    await verifyCompanyViaAdmin(owner.user.company.id);
    const valuer = await createValuerViaApi(owner.token);
    // Valued long ago: its validity period has run out.
    const code = await createCodeViaApi(owner.token, valuer.id, { valuationDate: "15/01/2025" });
    const record = await apiCall<{ status: string; validUntil: string; verificationCode: string }>(
      `/api/qr-codes/${code.id}`,
      { token: owner.token },
    );
    expect(record.status).toBe("expired");
    const expiredOn = new Date(record.validUntil).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    const { page, context } = await openPhonePage(qrViewPath({ qrCodeId: code.publicToken }));
    await page.getByText(`This valuation expired on ${expiredOn}. Ask the valuer for an updated report.`).waitFor();
    expect(await page.getByText("Expired", { exact: true }).count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByText("Verified Authentic").count()).toBe(0);
    expect(record.verificationCode).toMatch(/^VS-\w{4}-\w{4}-\w{2}$/);
    expect(await certificateValue(page, "Verification code").innerText()).toBe(record.verificationCode);
    expect(await certificateValue(page, "Valid until").innerText()).toBe(expiredOn);
    await expectNoHorizontalScroll(page);
    await context.close();
  });
});
