import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { createOwnerWithCodesViaApi } from "./fixtures/codes";
import { apiCall } from "./fixtures/http";
import { decodeJwt } from "jose";
import type { SignedRecordFile } from "#schema/signed-record-file.ts";
import type { CertificateRecord } from "#schema/signed-records.ts";
import { sha256Hex } from "#verifier/hashes.ts";
import { readReportPdf } from "#verifier/pdf-node.ts";
import {
  attachedFiles,
  decodeQr,
  makeEncryptedPdf,
  makeReportPdf,
  makeSignedPdf,
  pageTexts,
  rasterisePages,
} from "./fixtures/pdf";
import { sealInBrowser } from "./fixtures/sealing";

/**
 * Sealing a report in the browser: the valuer's PDF is stamped on every page with the code (each
 * page's QR naming its page), only its fingerprints reach the server, and the sealed file comes
 * back as a download. The sealed pages are then printed the way paper is read: rasterised at
 * 300 dpi and every QR decoded.
 */
const browser = useBrowser();

describe("sealing a report", () => {
  it("stamps every page with its own page QR at 360 px, registers version 1 and downloads <reference>-sealed.pdf", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token, viewport: PHONE_VIEWPORT });
    const original = await makeReportPdf({ pages: 5, withImage: true });
    const sealed = await sealInBrowser(page, code.id, original);
    expect(sealed.fileName).toBe("VAL-2025-001-sealed.pdf");
    await expectNoHorizontalScroll(page);

    // Printed and read back: every page's QR decodes to the code's address followed by its page.
    const pages = rasterisePages(sealed.bytes);
    expect(pages).toHaveLength(5);
    expect(pages.map(decodeQr)).toEqual([1, 2, 3, 4, 5].map((n) => `${code.qrCodeData}/${n}`));
    // Read without a camera: every page prints the code's verification code and where to type it.
    const host = new URL(code.qrCodeData).host;
    expect(pageTexts(sealed.bytes).map((text) => text.replace(/\s+/g, " "))).toEqual(
      [1, 2, 3, 4, 5].map((n) =>
        expect.stringContaining(
          `ValuSeal · VAL-2025-001 · page ${n} of 5 · verify at ${host}/verify, code ${code.verificationCode}`,
        ),
      ),
    );

    // The panel lists the version; the server holds the fingerprints, never the file.
    const dialog = page.getByRole("dialog", { name: "Seal report PDF" });
    await dialog.getByText("It carries its signed record, so it can be checked offline.", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    const panel = page.getByRole("region", { name: "Sealed report" });
    await panel.getByText("Version 1").waitFor();
    await panel.getByText(/^5 pages · sealed /).waitFor();
    const seals = await apiCall<{ version: number; pageCount: number; sha256: string }[]>(
      `/api/qr-codes/${code.id}/seals`,
      { token: owner.token },
    );
    expect(seals).toHaveLength(1);
    expect(seals[0]).toMatchObject({ version: 1, pageCount: 5 });

    // The download carries the seal's signed record as an attachment, after the sealed bytes: the
    // record names the registered digest, which verifiers find again inside the delivered file.
    const attachments = attachedFiles(sealed.bytes);
    expect(attachments.map((file) => file.name)).toEqual([`valuseal-${code.verificationCode}.json`]);
    const carried = JSON.parse(attachments[0]!.text) as SignedRecordFile;
    const record = decodeJwt(carried.record) as unknown as CertificateRecord;
    expect(record).toMatchObject({ event: "sealed", sealedReport: { version: 1, sha256: seals[0]!.sha256 } });
    expect(await sha256Hex(sealed.bytes)).not.toBe(seals[0]!.sha256);
    expect((await readReportPdf(sealed.bytes)).sha256).toBe(seals[0]!.sha256);
    await context.close();
  });

  it("scanning page 3's QR opens the certificate saying which page of the sealed report it is", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    const sealed = await sealInBrowser(page, code.id, await makeReportPdf({ pages: 4 }), { corner: "Top left" });
    const address = decodeQr(rasterisePages(sealed.bytes)[2]!);
    expect(address).toBe(`${code.qrCodeData}/3`);
    const phone = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await phone.page.goto(new URL(address!).pathname);
    await phone.page.getByText("Page 3 of 4 of the sealed report").waitFor();
    await phone.page.getByRole("link", { name: "Check the PDF you were given" }).waitFor();
    await phone.context.close();
    await context.close();
  });

  it("refuses a password-protected and a digitally signed PDF with messages the valuer can act on, and keeps nothing", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto(`/qr/${code.id}`);
    await page.getByRole("button", { name: "Seal report PDF" }).click();
    const dialog = page.getByRole("dialog", { name: "Seal report PDF" });
    const report = await makeReportPdf({ pages: 2 });
    const cases = [
      {
        pdf: makeEncryptedPdf(report),
        message:
          "This PDF is password-protected or restricted. Save an unprotected copy of the final report and seal that.",
      },
      {
        pdf: await makeSignedPdf(report),
        message:
          "This PDF is digitally signed; stamping it would invalidate the signature. Seal the unsigned final version, then sign it.",
      },
    ];
    for (const { pdf, message } of cases) {
      await dialog
        .getByLabel("Final report (PDF)")
        .setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
      await dialog.getByRole("button", { name: "Seal report" }).click();
      await dialog.getByText(message).waitFor();
    }
    expect(await apiCall(`/api/qr-codes/${code.id}/seals`, { token: owner.token })).toEqual([]);
    await context.close();
  });

  it("seals a report exported by a word processor (fonts embedded, tables, a photo)", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    const word = new Uint8Array(
      await readFile(new URL("../fixtures/reports/word-valuation-report.pdf", import.meta.url)),
    );
    const sealed = await sealInBrowser(page, code.id, word);
    const pages = rasterisePages(sealed.bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.map(decodeQr)).toEqual(pages.map((_, index) => `${code.qrCodeData}/${index + 1}`));
    await context.close();
  });
});
