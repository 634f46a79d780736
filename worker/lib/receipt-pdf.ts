import { formatDate } from "#schema/format-date.ts";
import { formatMinorUnits } from "#schema/money.ts";
import type { ReceiptDocument } from "#schema/responses/billing.ts";
import { type PdfLine, textPdf } from "./text-pdf";

/** A4 in points, and the page's margin. */
const PAGE = { width: 595.28, height: 841.89, margin: 56 };

/** "16 %", "7.5 %". */
const percent = (basisPoints: number) => `${basisPoints / 100} %`;

/**
 * The receipt's PDF (a tax invoice), drawn from the document as issued: the same bytes' worth of
 * facts every time it is downloaded or emailed. Text a person and `pdftotext` read alike; a
 * character the standard font cannot draw shows as "?", while the signed document keeps it exactly.
 */
export function receiptPdf(receipt: ReceiptDocument, checkUrl: string): Uint8Array {
  const drawn: PdfLine[] = [];
  let y = PAGE.height - PAGE.margin;
  const line = (text: string, options: { size?: number; bold?: boolean; x?: number; gap?: number } = {}) => {
    const size = options.size ?? 10;
    drawn.push({ x: options.x ?? PAGE.margin, y, size, bold: options.bold, text });
    y -= options.gap ?? size * 1.5;
  };
  const lines = (text: string) => text.split(/\r?\n|,\s*(?=\S)/).forEach((part) => line(part.trim()));
  const money = (minor: number) => formatMinorUnits(minor, receipt.currency);

  line("Tax invoice / Receipt", { size: 18, bold: true, gap: 28 });
  line(`Receipt number: ${receipt.number}`, { bold: true });
  line(`Date: ${formatDate(new Date(receipt.issuedAt), "long")}`, { gap: 24 });

  line("Seller", { bold: true });
  line(receipt.seller.name);
  lines(receipt.seller.address);
  line(receipt.seller.taxNumbers, { gap: 24 });

  line("Buyer", { bold: true });
  line(receipt.buyer.name);
  lines(receipt.buyer.address);
  line(`KRA PIN: ${receipt.buyer.kraPin ?? "not given"}`, { gap: 24 });

  const columns = { description: PAGE.margin, quantity: 300, unit: 360, amount: 460 };
  const row = (cells: [string, string, string, string], bold = false) => {
    const [description, quantity, unit, amount] = cells;
    drawn.push(
      { x: columns.description, y, size: 10, bold, text: description },
      { x: columns.quantity, y, size: 10, bold, text: quantity },
      { x: columns.unit, y, size: 10, bold, text: unit },
      { x: columns.amount, y, size: 10, bold, text: amount },
    );
    y -= 16;
  };
  row(["Description", "Qty", "Unit price", "Amount"], true);
  row([receipt.description, String(receipt.quantity), money(receipt.unitPriceMinor), money(receipt.netMinor)]);
  y -= 8;
  line(`Subtotal (excluding VAT): ${money(receipt.netMinor)}`, { x: columns.unit });
  line(`VAT at ${percent(receipt.vatRateBasisPoints)}: ${money(receipt.vatMinor)}`, { x: columns.unit });
  line(`Total paid (${receipt.currency}): ${money(receipt.totalMinor)}`, { x: columns.unit, bold: true, gap: 28 });

  line(`Paid by: ${receipt.paymentMethod}`);
  line(`Payment reference: ${receipt.paymentReference}`);
  line(`Purchase: ${receipt.purchaseId}`, { gap: 28 });

  line("This receipt is signed by ValuSeal. Check that it is genuine and unchanged at:", { size: 8 });
  line(checkUrl, { size: 8 });
  return textPdf(PAGE, drawn, {
    title: `Receipt ${receipt.number}`,
    creator: "ValuSeal",
    date: new Date(receipt.issuedAt),
  });
}

/** Where anyone holding a receipt checks its signature: the signed document, by the receipt's id. */
export const receiptCheckUrl = (origin: string, receiptId: string) =>
  `${origin}/api/public/receipts/${encodeURIComponent(receiptId)}`;

/** "ValuSeal receipt VS-000042.pdf" */
export const receiptFileName = (number: string) => `ValuSeal receipt ${number}.pdf`;
