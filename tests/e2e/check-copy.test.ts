import type { FileChooser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { expectNoHorizontalScroll, PHONE_VIEWPORT, useBrowser } from "./fixtures/browser";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { createCodeViaApi, createOwnerWithCodesViaApi } from "./fixtures/codes";
import { queryAppDatabase } from "./fixtures/database";
import { createValuerViaApi } from "./fixtures/valuers";
import { apiCall, fetchApp } from "./fixtures/http";
import { makeReportPdf, overwriteMarketValue, rearrangePages, resavePdf } from "./fixtures/pdf";
import { sealInBrowser } from "./fixtures/sealing";

/**
 * Checking a copy of a sealed report: the reader drops a PDF on /v/<token>/check (or /verify), their
 * browser fingerprints it, and the page says whether it is the sealed report, page by page. The
 * copies are real PDFs: the sealed file itself, a re-saved one, a forged value, pages moved or
 * removed, another firm's report.
 */
const browser = useBrowser();

let sealed: Uint8Array;
let code: { id: number; publicToken: string; qrCodeData: string };
let ownerToken: string;

beforeAll(async () => {
  const created = await createOwnerWithCodesViaApi();
  code = created.code;
  ownerToken = created.owner.token;
  const { page, context } = await browser.newPage({ token: ownerToken });
  ({ bytes: sealed } = await sealInBrowser(page, code.id, await makeReportPdf({ pages: 5, withImage: true })));
  await context.close();
}, 120_000);

/** Opens the check page on a phone and chooses the file with the file picker (no dragging). */
async function checkCopy(
  pdf: Uint8Array,
  path = `/v/${code.publicToken}/check`,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(path);
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "copy.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
  return {
    page,
    close: async () => {
      expect(violations).toEqual([]);
      await context.close();
    },
  };
}

const sealedOn = () =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(),
  );

describe("checking a copy of a sealed report", () => {
  it("says the sealed file is the exact sealed report, at 360 px, and the code's scan log shows the check", async () => {
    const { page, close } = await checkCopy(sealed);
    await page.getByText(`This is the exact sealed report (version 1), sealed on ${sealedOn()}`).waitFor();
    await page
      .getByText(
        /^Checked against the code issued by .+ \(verified by ValuSeal\) for 12 Riverside Drive, Westlands, Nairobi/,
      )
      .waitFor();
    expect(await page.locator("[data-verdict]").getAttribute("class")).toContain("emerald");
    await expectNoHorizontalScroll(page);
    await page
      .getByRole("link", { name: /certificate/i })
      .first()
      .waitFor();
    await close();
    const log = await apiCall<{ scans: { kind: string; checkVerdict: string }[] }>(`/api/qr-codes/${code.id}/scans`, {
      token: ownerToken,
    });
    expect(log.scans[0]).toMatchObject({ kind: "check", checkVerdict: "exact" });
  });

  it("lets a keyboard user choose the file: Tab reaches the picker and Space opens it", async () => {
    const { page, context } = await browser.newPage({ viewport: PHONE_VIEWPORT });
    // Listening before the page loads turns on Playwright's file-chooser interception in time: a
    // listener added just before the key press raced it, and the chooser then never reached the test.
    const chooser = new Promise<FileChooser>((resolve) => page.once("filechooser", resolve));
    await page.goto(`/v/${code.publicToken}/check`);
    await page.getByRole("heading", { name: "Check a copy of this report" }).waitFor();
    let reached = false;
    for (let presses = 0; presses < 6 && !reached; presses += 1) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(() => document.activeElement?.getAttribute("type") === "file");
    }
    expect(reached).toBe(true);
    await page.keyboard.press("Space");
    await (await chooser).setFiles({ name: "copy.pdf", mimeType: "application/pdf", buffer: Buffer.from(sealed) });
    await page.getByText(`This is the exact sealed report (version 1), sealed on ${sealedOn()}`).waitFor();
    await context.close();
  });

  it("says every page's text matches for a re-saved copy", async () => {
    const { page, close } = await checkCopy(await resavePdf(sealed));
    await page.getByText("Every page's text matches the sealed report").waitFor();
    // Amber: only text was compared, so the reader is told to compare the figures.
    await page.getByText(/^Only the text of each page was compared/).waitFor();
    expect(await page.locator("[data-verdict]").getAttribute("class")).toContain("amber");
    await close();
  });

  it("names the page whose market value was raised", async () => {
    const { page, close } = await checkCopy(await overwriteMarketValue(sealed, "KES 85,000,000"));
    await page.getByText("This copy was changed on page 1 — do not rely on it").waitFor();
    await close();
  });

  it("names moved pages, and says when pages are missing", async () => {
    const moved = await checkCopy(await rearrangePages(sealed, [1, 2, 4, 3, 5]));
    await moved.page.getByText("This copy was changed on pages 3 and 4 — do not rely on it").waitFor();
    await moved.close();
    const shorter = await checkCopy(await rearrangePages(sealed, [1, 2, 3, 4]));
    await shorter.page.getByText("Page 5 is missing — do not rely on it").waitFor();
    await shorter.page.getByText("The sealed report has 5 pages; this copy has 4.").waitFor();
    await shorter.close();
  });

  it("says another firm's report is not the sealed report of this code", async () => {
    const { page, close } = await checkCopy(
      await makeReportPdf({
        pages: 5,
        text: { 1: ["Another firm's report", "Nothing in common with the sealed one."] },
      }),
    );
    await page.getByText("This file is not the sealed report of this code — do not rely on it").waitFor();
    await close();
  });

  it("/verify reads the code from the sealed file itself", async () => {
    const { page, close } = await checkCopy(sealed, "/verify");
    await page.getByText(`This is the exact sealed report (version 1), sealed on ${sealedOn()}`).waitFor();
    // No connection where the reader checks reports: the offline verifier is one tap away.
    expect(await page.getByRole("link", { name: "Download ValuSeal's offline verifier" }).getAttribute("href")).toBe(
      "/verifier?download",
    );
    await close();
    const plain = await checkCopy(await makeReportPdf({ pages: 2 }), "/verify");
    await plain.page.getByText(/This PDF carries no ValuSeal verification address/).waitFor();
    await plain.close();
  });

  it("is reached from the certificate, serves its own script under a strict policy, and shows a revoked code", async () => {
    const certificate = await fetchApp(`/v/${code.publicToken}`, { headers: { "User-Agent": "Mozilla/5.0 (iPhone)" } });
    expect(await certificate.text()).toContain(`href="/v/${code.publicToken}/check"`);
    const page = await fetchApp(`/v/${code.publicToken}/check`, {});
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Security-Policy")).toMatch(/script-src 'self';/);
    expect(await page.text()).not.toMatch(/<script(?![^>]*\bsrc=)/);

    await apiCall(`/api/qr-codes/${code.id}/revoke`, { token: ownerToken, body: { reason: "Value corrected" } });
    const { page: check, close } = await checkCopy(sealed);
    await check.getByText(`This is the exact sealed report (version 1), sealed on ${sealedOn()}`).waitFor();
    await check
      .locator("[data-certificate-verdict]")
      .filter({ hasText: "The certificate says “Revoked”: Withdrawn by the issuer — do not rely on this valuation." })
      .waitFor();
    expect(await check.locator("[data-verdict]").getAttribute("class")).toContain("red");
    await close();
  });

  it("never shows an exact copy green when the certificate is not: an unverified firm, an expired code", async () => {
    // A firm of its own: the shared code above is revoked by an earlier test.
    const unverified = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(unverified.token);
    const unverifiedCode = await createCodeViaApi(unverified.token, valuer.id);
    const owner = await browser.newPage({ token: unverified.token });
    const { bytes } = await sealInBrowser(owner.page, unverifiedCode.id, await makeReportPdf({ pages: 2 }));
    await owner.context.close();
    const path = `/v/${unverifiedCode.publicToken}/check`;

    const copy = await checkCopy(bytes, path);
    await copy.page.getByText(`This is the exact sealed report (version 1), sealed on ${sealedOn()}`).waitFor();
    await copy.page
      .locator("[data-certificate-verdict]")
      .filter({ hasText: "“Issuer not verified by ValuSeal”" })
      .waitFor();
    expect(await copy.page.locator("[data-verdict]").getAttribute("class")).toContain("amber");
    await copy.close();

    await queryAppDatabase("UPDATE qr_codes SET valid_until = now() - interval '2 days' WHERE id = $1", [
      unverifiedCode.id,
    ]);
    const expired = await checkCopy(bytes, path);
    await expired.page.getByText(`This is the exact sealed report (version 1), sealed on ${sealedOn()}`).waitFor();
    await expired.page.locator("[data-certificate-verdict]").filter({ hasText: "“Expired”" }).waitFor();
    expect(await expired.page.locator("[data-verdict]").getAttribute("class")).toContain("amber");
    await expired.close();
  });
});
