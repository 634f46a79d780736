import { eq, sql } from "drizzle-orm";
import { packDescription } from "#schema/limits/billing.ts";
import type { ReceiptDocument } from "#schema/responses/billing.ts";
import { RECORD_TYPES } from "#schema/signed-records.ts";
import { billingDetails, receipts, receiptSequences } from "#schema/tables.ts";
import type { Config } from "#worker/config.ts";
import type { Queryable, Reader } from "#worker/db.ts";
import { notFound } from "#worker/lib/errors.ts";
import { randomToken } from "#worker/lib/random.ts";
import { secondsNow, type Signer } from "#worker/lib/signing.ts";
import { signWithPublishedKey } from "../records/signed-records";

/*
 * Receipts (tax invoices) for paid purchases. A receipt's number is taken in the transaction that
 * marks the purchase paid, from its seller's sequence row, so the numbers have no gaps: a
 * transaction that fails gives its number back with everything else. The document is frozen as
 * issued (seller and buyer as they were that day) and signed with the platform's key, like a
 * certificate's record; the table refuses changes (migration 0042).
 */

type Seller = NonNullable<Config["payments"]>["seller"];

export const RECEIPT_NOT_FOUND = "Receipt not found";

/** A receipt's public id: "rc_" and 22 base62 characters. Anything else names nothing (404, unread). */
const RECEIPT_ID = /^rc_[A-Za-z0-9]{22}$/;

/** "VS-000042": the seller's prefix and the number, six digits at least. */
export const receiptNumberText = (prefix: string, number: number) => `${prefix}-${String(number).padStart(6, "0")}`;

/** The purchase a receipt is issued for: what the firm paid, and the provider's payment reference. */
export interface PaidPurchase {
  id: number;
  publicId: string;
  companyId: number;
  credits: number;
  currency: ReceiptDocument["currency"];
  netMinor: number;
  vatRateBasisPoints: number;
  vatMinor: number;
  totalMinor: number;
  /** How it was paid, as the receipt says it: "Card (Stripe)", "M-Pesa". */
  paymentMethod: string;
  paymentReference: string;
}

/**
 * Issues the purchase's receipt inside the caller's transaction (the one that marks it paid):
 * takes the next number, freezes the document and signs it. Answers the document.
 */
export async function issueReceipt(
  tx: Queryable,
  purchase: PaidPurchase,
  seller: Seller,
  signing: { signer: Signer; origin: string },
): Promise<{ publicId: string; document: ReceiptDocument }> {
  const [sequence] = await tx
    .insert(receiptSequences)
    .values({ seller: seller.receiptPrefix, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptSequences.seller,
      set: { lastNumber: sql`${receiptSequences.lastNumber} + 1` },
    })
    .returning({ number: receiptSequences.lastNumber });
  const [buyer] = await tx
    .select({ name: billingDetails.legalName, address: billingDetails.postalAddress, kraPin: billingDetails.kraPin })
    .from(billingDetails)
    .where(eq(billingDetails.companyId, purchase.companyId));
  const issuedAt = new Date();
  const document: ReceiptDocument = {
    number: receiptNumberText(seller.receiptPrefix, sequence!.number),
    issuedAt: issuedAt.toISOString(),
    seller: { name: seller.name, address: seller.address, taxNumbers: seller.taxNumbers },
    // A purchase needs billing details (startCardPurchase); a firm that later deleted them still gets its receipt.
    buyer: buyer ?? { name: "", address: "", kraPin: null },
    description: packDescription(purchase.credits),
    quantity: 1,
    currency: purchase.currency,
    unitPriceMinor: purchase.netMinor,
    netMinor: purchase.netMinor,
    vatRateBasisPoints: purchase.vatRateBasisPoints,
    vatMinor: purchase.vatMinor,
    totalMinor: purchase.totalMinor,
    paymentMethod: purchase.paymentMethod,
    paymentReference: purchase.paymentReference,
    purchaseId: purchase.publicId,
  };
  const signature = await signWithPublishedKey(tx, signing.signer, RECORD_TYPES.receipt, {
    ...document,
    iss: signing.origin,
    iat: secondsNow(),
  });
  const publicId = `rc_${randomToken(22)}`;
  await tx.insert(receipts).values({
    seller: seller.receiptPrefix,
    number: sequence!.number,
    publicId,
    purchaseId: purchase.id,
    companyId: purchase.companyId,
    document,
    signature,
    issuedAt,
  });
  return { publicId, document };
}

/** A receipt by its public id: the document and its signature (anyone holding the id may check it). */
export async function signedReceipt(db: Reader, publicId: string) {
  if (!RECEIPT_ID.test(publicId)) throw notFound(RECEIPT_NOT_FOUND);
  const [row] = await db
    .select({
      id: receipts.publicId,
      document: receipts.document,
      signature: receipts.signature,
      companyId: receipts.companyId,
    })
    .from(receipts)
    .where(eq(receipts.publicId, publicId));
  if (!row) throw notFound(RECEIPT_NOT_FOUND);
  return { ...row, document: row.document as ReceiptDocument };
}
