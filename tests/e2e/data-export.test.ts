import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { type CertificateRecord, RECORD_TYPES, type KeyHistory } from "#schema/signed-records.ts";
import { recordsInFile } from "#schema/signed-record-file.ts";
import { verifyRecord } from "#verifier/records.ts";
import { expectNoHorizontalScroll, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { createOwnerWithCodesViaApi } from "./fixtures/codes";
import { fetchApp } from "./fixtures/http";
import { downloadedFile } from "./fixtures/qr-images";

/*
 * Export at once, from the screens (issue 50): an owner downloads the firm's whole record and the
 * ZIP reads back, its signed records verifying on their own; anyone downloads their own data.
 */
const browser = useBrowser();

describe("data export", () => {
  it("on a phone, an owner downloads the firm's data: the ZIP reads back and a certificate's record verifies from it", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const { page } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    await page.goto("/settings/company/data");
    await page.getByRole("heading", { name: "Your organisation's data" }).waitFor();
    await expectNoHorizontalScroll(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download all data" }).click(),
    ]);
    const file = await downloadedFile(download);
    expect(file.name).toMatch(/^valuseal-.*-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(file.bytes));
    expect(strFromU8(files["README.txt"]!)).toContain("records/<code>.json");
    const recordFile = recordsInFile(strFromU8(files[`records/${code.verificationCode}.json`]!))!;
    const keys = (await (await fetchApp("/.well-known/jwks.json", {})).json()) as KeyHistory;
    const check = await verifyRecord<CertificateRecord>(recordFile.records.at(-1)!, keys, RECORD_TYPES.certificate);
    expect(check.ok && check.payload.code.verificationCode).toBe(code.verificationCode);
    expect(strFromU8(files["codes.csv"]!)).toContain(code.verificationCode);
  });

  it("anyone downloads their own data from Profile Settings", async () => {
    const { owner } = await createOwnerWithCodesViaApi();
    const { page } = await browser.newPage({ token: owner.token });
    await page.goto("/settings/profile");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download my data" }).click(),
    ]);
    const file = await downloadedFile(download);
    expect(file.name).toMatch(/^valuseal-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(file.bytes.toString("utf8"));
    expect(data.profile.email).toBe(owner.email);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
  });
});
