import type { PDFFont } from "@cantoo/pdf-lib";
import { formatDate } from "#schema/format-date.ts";
import { formatMinorUnits } from "#schema/money.ts";
import type { ReceiptDocument } from "#schema/responses/billing.ts";

/** A4 in points, and the page's margin. */
const PAGE = { width: 595.28, height: 841.89, margin: 56 };

/**
 * Text the standard font can draw: a character outside its encoding (WinAnsi) becomes "?", so a
 * name in another script never stops a receipt being made; the signed document keeps it exactly.
 */
function drawable(font: PDFFont, text: string) {
  return [...text]
    .map((character) => {
      try {
        font.encodeText(character);
        return character;
      } catch {
        return "?";
      }
    })
    .join("");
}

/** "16 %", "7.5 %". */
const percent = (basisPoints: number) => `${basisPoints / 100} %`;

/**
 * The receipt's PDF (a tax invoice), drawn from the document as issued: the same bytes' worth of
 * facts every time it is downloaded or emailed. Pages of text a person and `pdftotext` read alike.
 */
export async function receiptPdf(receipt: ReceiptDocument, checkUrl: string): Promise<Uint8Array> {
  // Loaded when a receipt is drawn: 330 KB of script no other request needs at an isolate's start (issue 51).
  const { PDFDocument, StandardFonts, rgb } = await import("@cantoo/pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt ${receipt.number}`);
  doc.setCreator("ValuSeal");
  doc.setCreationDate(new Date(receipt.issuedAt));
  doc.setModificationDate(new Date(receipt.issuedAt));
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = PAGE.height - PAGE.margin;
  const line = (text: string, options: { size?: number; font?: PDFFont; x?: number; gap?: number } = {}) => {
    const size = options.size ?? 10;
    const font = options.font ?? regular;
    page.drawText(drawable(font, text), { x: options.x ?? PAGE.margin, y, size, font, color: rgb(0.1, 0.1, 0.12) });
    y -= options.gap ?? size * 1.5;
  };
  const lines = (text: string) => text.split(/\r?\n|,\s*(?=\S)/).forEach((part) => line(part.trim()));
  const money = (minor: number) => formatMinorUnits(minor, receipt.currency);

  line("Tax invoice / Receipt", { size: 18, font: bold, gap: 28 });
  line(`Receipt number: ${receipt.number}`, { font: bold });
  line(`Date: ${formatDate(new Date(receipt.issuedAt), "long")}`, { gap: 24 });

  line("Seller", { font: bold });
  line(receipt.seller.name);
  lines(receipt.seller.address);
  line(receipt.seller.taxNumbers, { gap: 24 });

  line("Buyer", { font: bold });
  line(receipt.buyer.name);
  lines(receipt.buyer.address);
  line(`KRA PIN: ${receipt.buyer.kraPin ?? "not given"}`, { gap: 24 });

  const columns = { description: PAGE.margin, quantity: 300, unit: 360, amount: 460 };
  const row = (cells: [string, string, string, string], font = regular) => {
    const [description, quantity, unit, amount] = cells;
    page.drawText(drawable(font, description), { x: columns.description, y, size: 10, font });
    page.drawText(quantity, { x: columns.quantity, y, size: 10, font });
    page.drawText(unit, { x: columns.unit, y, size: 10, font });
    page.drawText(amount, { x: columns.amount, y, size: 10, font });
    y -= 16;
  };
  row(["Description", "Qty", "Unit price", "Amount"], bold);
  row([receipt.description, String(receipt.quantity), money(receipt.unitPriceMinor), money(receipt.netMinor)]);
  y -= 8;
  line(`Subtotal (excluding VAT): ${money(receipt.netMinor)}`, { x: columns.unit });
  line(`VAT at ${percent(receipt.vatRateBasisPoints)}: ${money(receipt.vatMinor)}`, { x: columns.unit });
  line(`Total paid (${receipt.currency}): ${money(receipt.totalMinor)}`, { x: columns.unit, font: bold, gap: 28 });

  line(`Paid by: ${receipt.paymentMethod}`);
  line(`Payment reference: ${receipt.paymentReference}`);
  line(`Purchase: ${receipt.purchaseId}`, { gap: 28 });

  line("This receipt is signed by ValuSeal. Check that it is genuine and unchanged at:", { size: 8 });
  line(checkUrl, { size: 8 });
  return doc.save();
}

/** Where anyone holding a receipt checks its signature: the signed document, by the receipt's id. */
export const receiptCheckUrl = (origin: string, receiptId: string) =>
  `${origin}/api/public/receipts/${encodeURIComponent(receiptId)}`;

/** "ValuSeal receipt VS-000042.pdf" */
export const receiptFileName = (number: string) => `ValuSeal receipt ${number}.pdf`;
