import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PDFINFO_PATH, QPDF_PATH } from "#scripts/ensure-poppler.ts";
import type { ReceiptDocument } from "#schema/responses/billing.ts";
import { receiptPdf } from "#worker/lib/receipt-pdf.ts";
import { pageTexts } from "./fixtures/pdf";

/*
 * The receipt's PDF is written by our own small writer (worker/lib/text-pdf.ts, decision 074), so
 * it is read here by the tools an accountant's software stands for: qpdf checks its structure
 * (objects, cross-reference offsets), pdfinfo its document information, pdftotext its words.
 */

const receipt: ReceiptDocument = {
  number: "VS-000042",
  issuedAt: "2026-12-07T09:30:00.000Z",
  seller: { name: "ValuSeal Limited", address: "Riverside Drive, Nairobi", taxNumbers: "KRA PIN: P000000000A" },
  // ũ (Kikuyu) and the Cyrillic name are outside the standard fonts' encoding; ü, – and € are inside it.
  buyer: { name: "Wanjikũ Müller – Valuers € (Боря)", address: "Ngong Road\nNairobi", kraPin: null },
  description: "10 ValuSeal code credits",
  quantity: 10,
  currency: "KES",
  unitPriceMinor: 50_000,
  netMinor: 500_000,
  vatRateBasisPoints: 1600,
  vatMinor: 80_000,
  totalMinor: 580_000,
  paymentMethod: "Card (Visa ending 4242)",
  paymentReference: "pi_3Q (test)",
  purchaseId: "pur_9f8e7d",
};

function withFile<T>(bytes: Uint8Array, read: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "valuseal-receipt-"));
  try {
    const path = join(dir, "receipt.pdf");
    writeFileSync(path, bytes);
    return read(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("a receipt's PDF", () => {
  const pdf = receiptPdf(receipt, "https://valuseal.example/api/public/receipts/rcp_abc");

  it("is a well-formed PDF with the receipt's title and date", () => {
    const check = withFile(pdf, (path) => execFileSync(QPDF_PATH, ["--check", path]).toString("utf8"));
    expect(check).toContain("No syntax or stream encoding errors found");
    const info = withFile(pdf, (path) => execFileSync(PDFINFO_PATH, ["-isodates", path]).toString("utf8"));
    expect(info).toMatch(/^Title:\s+Receipt VS-000042$/m);
    expect(info).toMatch(/^CreationDate:\s+2026-12-07T09:30:00Z$/m);
    expect(info).toMatch(/^Pages:\s+1$/m);
  });

  it("reads as the receipt's lines, with '?' for what the standard font cannot draw", () => {
    const [text, ...more] = pageTexts(pdf);
    expect(more).toEqual([]);
    for (const line of [
      "Tax invoice / Receipt",
      "Receipt number: VS-000042",
      "Date: 7 December 2026",
      "Wanjik? Müller – Valuers € (????)",
      "Ngong Road",
      "KRA PIN: not given",
      "VAT at 16 %: KSh 800.00",
      "Total paid (KES): KSh 5,800.00",
      "Payment reference: pi_3Q (test)",
      "https://valuseal.example/api/public/receipts/rcp_abc",
    ]) {
      expect(text).toContain(line);
    }
  });
});
