import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, PHONE_VIEWPORT, SCREEN_POLL, useBrowser } from "./fixtures/browser";
import { createOwnerWithCodesViaApi } from "./fixtures/codes";
import { apiCall } from "./fixtures/http";
import { decodeQrPng, makeReportPdf, rasterisePages } from "./fixtures/report-pdfs";

/**
 * Sealing a report in the browser: the valuer's PDF is stamped on every page with the code (each
 * page's QR naming its page), only its fingerprints reach the server, and the sealed file comes
 * back as a download. The sealed pages are then printed the way paper is read: rasterised at
 * 300 dpi and every QR decoded.
 */
const browser = useBrowser();

/** Seals a PDF from the code's detail page and returns the downloaded sealed file. */
async function sealInBrowser(page: Page, codeId: number, pdf: Uint8Array, options: { corner?: string } = {}) {
  await page.goto(`/qr/${codeId}`);
  const panel = page.getByRole("region", { name: "Sealed report" });
  await panel.getByText("Not sealed yet").waitFor();
  await panel.getByRole("button", { name: "Seal report PDF" }).click();
  const dialog = page.getByRole("dialog", { name: "Seal report PDF" });
  await dialog
    .getByLabel("Final report (PDF)")
    .setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
  if (options.corner) await dialog.getByLabel("Stamp position").selectOption({ label: options.corner });
  await dialog.getByRole("button", { name: "Seal report" }).click();
  await dialog.getByRole("img", { name: "Preview of page 1 of the sealed report" }).waitFor(SCREEN_POLL);
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Save seal and download" }).click();
  const file = await download;
  await dialog.getByText(/^Sealed as version 1\./).waitFor();
  return { fileName: file.suggestedFilename(), bytes: new Uint8Array(await readFile((await file.path())!)) };
}

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
    expect(pages.map(decodeQrPng)).toEqual([1, 2, 3, 4, 5].map((n) => `${code.qrCodeData}/${n}`));

    // The panel lists the version; the server holds the fingerprints, never the file.
    await page.getByRole("dialog", { name: "Seal report PDF" }).getByRole("button", { name: "Done" }).click();
    const panel = page.getByRole("region", { name: "Sealed report" });
    await panel.getByText("Version 1").waitFor();
    await panel.getByText(/^5 pages · sealed /).waitFor();
    const seals = await apiCall<{ version: number; pageCount: number }[]>(`/api/qr-codes/${code.id}/seals`, {
      token: owner.token,
    });
    expect(seals).toHaveLength(1);
    expect(seals[0]).toMatchObject({ version: 1, pageCount: 5 });
    await context.close();
  });

  it("scanning page 3's QR opens the certificate saying which page of the sealed report it is", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    const sealed = await sealInBrowser(page, code.id, await makeReportPdf({ pages: 4 }), { corner: "Top left" });
    const address = decodeQrPng(rasterisePages(sealed.bytes)[2]!);
    expect(address).toBe(`${code.qrCodeData}/3`);
    const phone = await browser.newPage({ viewport: PHONE_VIEWPORT });
    await phone.page.goto(new URL(address!).pathname);
    await phone.page.getByText("Page 3 of 4 of the sealed report").waitFor();
    await phone.page.getByRole("link", { name: "Check a copy of this report" }).waitFor();
    await phone.context.close();
    await context.close();
  });

  it("refuses a password-protected PDF with a message the valuer can act on", async () => {
    const { owner, code } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto(`/qr/${code.id}`);
    await page.getByRole("button", { name: "Seal report PDF" }).click();
    const dialog = page.getByRole("dialog", { name: "Seal report PDF" });
    await dialog.getByLabel("Final report (PDF)").setInputFiles({
      name: "locked.pdf",
      mimeType: "application/pdf",
      buffer: await readFile(new URL("../fixtures/reports/password-protected.pdf", import.meta.url)),
    });
    await dialog.getByRole("button", { name: "Seal report" }).click();
    await dialog
      .getByText(
        "This PDF is password-protected or restricted. Save an unprotected copy of the final report and seal that.",
      )
      .waitFor();
    expect(await apiCall(`/api/qr-codes/${code.id}/seals`, { token: owner.token })).toEqual([]);
    await context.close();
  });
});
