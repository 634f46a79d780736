import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { readCsv } from "../shared/csv";
import { useBrowser } from "./fixtures/browser";
import { scanLikePhone, USER_AGENTS } from "./fixtures/certificates";
import { createOwnerWithCodesViaApi } from "./fixtures/codes";

/**
 * Export CSV from History (the applied filters decide what the file holds) and from a code's scan
 * log; the saved files are read back as a spreadsheet would.
 */
const browser = useBrowser();

async function exportFrom(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  return { name: file.suggestedFilename(), csv: readCsv(new Uint8Array(await readFile((await file.path())!))) };
}

describe("CSV exports", () => {
  it("History exports what its filters match, and a code's scan log exports its scans", async () => {
    const { owner, code, replacement } = await createOwnerWithCodesViaApi();
    const { page, context } = await browser.newPage({ token: owner.token });
    await page.goto("/qr-history?search=14%20Riverside");
    await page.getByRole("link", { name: "View 14 Riverside Drive, Westlands, Nairobi" }).waitFor();

    const history = await exportFrom(page);
    expect(history.name).toMatch(/^valuseal-codes-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(history.csv.rows).toHaveLength(1);
    expect(history.csv.rows[0]).toMatchObject({
      verification_code: replacement.verificationCode,
      certificate_address: replacement.qrCodeData,
      status: "valid",
      property_address: "14 Riverside Drive, Westlands, Nairobi",
      property_reference: "VAL-2025-002",
      market_value: "45000000.00",
      currency: "KES",
      signing_valuer: "Jane Wanjiku",
    });

    expect((await scanLikePhone(code.qrCodeData, USER_AGENTS.iphone)).status).toBe(200);
    await page.goto(`/qr/${code.id}`);
    await page.getByRole("region", { name: "Scan History" }).getByText("Unique scanners").waitFor();
    const scans = await exportFrom(page);
    expect(scans.name).toMatch(/^valuseal-scans-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(scans.csv.rows).toEqual([
      expect.objectContaining({
        verification_code: code.verificationCode,
        property: "12 Riverside Drive, Westlands, Nairobi",
        kind: "scan",
        counted: "true",
        device: "mobile",
      }),
    ]);
    await context.close();
  });
});
