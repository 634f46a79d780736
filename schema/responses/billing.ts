import { z } from "zod";
import { CREDIT_ENTRY_KINDS, MPESA_PROMPT_STATES, PAYMENT_PROVIDERS, PURCHASE_STATUSES } from "../limits/billing";
import { CURRENCIES } from "../limits/codes";
import { rowId, timestamp } from "./fields";
import { pageAnswer } from "./page";

/** One change to the firm's credits, as the Billing screen's ledger lists it. */
export const creditEntryAnswer = z.strictObject({
  id: rowId,
  kind: z.enum(CREDIT_ENTRY_KINDS),
  credits: z.number().int().meta({ description: "The change: +50 bought, −1 for a code issued" }),
  balanceAfter: z.number().int().nonnegative(),
  codeId: rowId.nullable().meta({ description: "The code an issue paid for" }),
  purchaseId: z.string().nullable().meta({ description: "The purchase a purchase entry came from" }),
  reason: z.string().nullable().meta({ description: "Why an administrator granted or reversed credits" }),
  createdAt: timestamp,
});
export type CreditEntry = z.infer<typeof creditEntryAnswer>;

/** An amount of money in minor units (cents): exact, never a float. */
const minorUnits = z.number().int().nonnegative().meta({ description: "Minor units (cents)", example: 580000 });

/** A pack on sale now in one currency: its price excluding VAT, the VAT, and what is charged. */
export const packPriceAnswer = z.strictObject({
  credits: z.number().int().positive(),
  currency: z.enum(CURRENCIES),
  netMinor: minorUnits,
  vatRateBasisPoints: z.number().int().nonnegative().meta({ description: "VAT rate: 1600 is 16 %" }),
  vatMinor: minorUnits,
  totalMinor: minorUnits,
});
export type PackPrice = z.infer<typeof packPriceAnswer>;

/** GET /api/pricing: the packs on sale now, for the public pricing section. */
export const pricingAnswer = z.strictObject({ currency: z.enum(CURRENCIES), packs: z.array(packPriceAnswer) });

/** Who the firm's receipts are made out to. */
export const billingDetailsAnswer = z.strictObject({
  legalName: z.string(),
  postalAddress: z.string(),
  kraPin: z.string().nullable(),
  currency: z.enum(CURRENCIES),
});
export type BillingDetails = z.infer<typeof billingDetailsAnswer>;

/** One purchase of a pack, as the firm sees it. */
export const purchaseAnswer = z.strictObject({
  id: z.string().meta({ description: "The purchase's public id (pur_…)" }),
  credits: z.number().int().positive(),
  currency: z.enum(CURRENCIES),
  netMinor: minorUnits,
  vatMinor: minorUnits,
  totalMinor: minorUnits,
  status: z.enum(PURCHASE_STATUSES),
  failureReason: z.string().nullable(),
  createdAt: timestamp,
  paidAt: timestamp.nullable(),
  receiptId: z.string().nullable().meta({ description: "The receipt's public id, once paid" }),
  receiptNumber: z.string().nullable().meta({ example: "VS-000042" }),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** An M-Pesa purchase's latest prompt to the phone; null for a card purchase. */
  mpesa: z
    .strictObject({
      state: z.enum(MPESA_PROMPT_STATES),
      phone: z.string().meta({ example: "07•• ••• 678", description: "The phone, partly hidden" }),
      sentAt: timestamp.nullable(),
      /** How it ended, in the firm's words; null while it waits. */
      message: z.string().nullable(),
      canSendAgain: z.boolean(),
    })
    .nullable(),
});
export type Purchase = z.infer<typeof purchaseAnswer>;

/** POST /api/billing/purchases: the purchase, and Checkout's page to pay it on. */
export const startedPurchaseAnswer = z.strictObject({
  purchase: purchaseAnswer,
  checkoutUrl: z.url(),
});

/** GET /api/billing: the firm's balance and one page of its ledger, newest first. */
export const billingAnswer = z.strictObject({
  balance: z.number().int().nonnegative().meta({ description: "Credits left: one pays for one code" }),
  ledger: pageAnswer(creditEntryAnswer),
  /** Whether card payments are set up on this server (Stripe's keys configured). */
  cardPayments: z.boolean(),
  /** Whether M-Pesa is set up on this server (a paybill's Daraja credentials); offered for packs in whole shillings. */
  mpesaPayments: z.boolean(),
  details: billingDetailsAnswer.nullable(),
  /** Whether purchases may be made out to the details (a firm in Kenya gives its KRA PIN). */
  detailsComplete: z.boolean(),
  /** The firm's currency: its billing details', or its time zone's default. */
  currency: z.enum(CURRENCIES),
  packs: z.array(packPriceAnswer),
  /** The firm's latest purchases, newest first. */
  purchases: z.array(purchaseAnswer),
});

/**
 * A receipt (tax invoice) as issued: what its PDF shows and its signature covers. Amounts in minor
 * units of `currency`.
 */
export const receiptDocument = z.strictObject({
  number: z.string(),
  issuedAt: timestamp,
  seller: z.strictObject({ name: z.string(), address: z.string(), taxNumbers: z.string() }),
  buyer: z.strictObject({ name: z.string(), address: z.string(), kraPin: z.string().nullable() }),
  description: z.string(),
  quantity: z.number().int().positive(),
  currency: z.enum(CURRENCIES),
  unitPriceMinor: minorUnits,
  netMinor: minorUnits,
  vatRateBasisPoints: z.number().int().nonnegative(),
  vatMinor: minorUnits,
  totalMinor: minorUnits,
  paymentMethod: z.string(),
  paymentReference: z.string(),
  purchaseId: z.string(),
});
export type ReceiptDocument = z.infer<typeof receiptDocument>;

/** GET /api/receipts/{id}: a receipt and its signature, for anyone holding its id to check. */
export const signedReceiptAnswer = z.strictObject({
  id: z.string(),
  document: receiptDocument,
  signature: z.string().meta({ description: "JWS (EdDSA) over the document, checkable with /.well-known/jwks.json" }),
});
export type Billing = z.infer<typeof billingAnswer>;

/** A row of the price list, as administrators see its history. */
export const priceListEntryAnswer = z.strictObject({
  id: rowId,
  credits: z.number().int().positive(),
  currency: z.enum(CURRENCIES),
  netMinor: minorUnits,
  effectiveFrom: timestamp,
  createdAt: timestamp,
  /** Whether this is the price charged now for its pack and currency. */
  current: z.boolean(),
});

/** A purchase across the platform, for administrators. */
export const adminPurchaseAnswer = z.strictObject({
  id: z.string(),
  companyId: rowId,
  companyName: z.string().nullable(),
  credits: z.number().int().positive(),
  currency: z.enum(CURRENCIES),
  totalMinor: minorUnits,
  status: z.enum(PURCHASE_STATUSES),
  createdAt: timestamp,
  paidAt: timestamp.nullable(),
  /** Pending for over an hour: a payment the provider has not confirmed, worth a look in its dashboard. */
  stale: z.boolean(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** An M-Pesa payment nobody could confirm: settled under "M-Pesa payments to review". */
  needsReview: z.boolean(),
});

/** Money received per calendar month (UTC) and currency, VAT included. */
export const revenueMonthAnswer = z.strictObject({
  month: z.string().meta({ example: "2026-12" }),
  currency: z.enum(CURRENCIES),
  paidMinor: minorUnits,
  vatMinor: minorUnits,
  purchases: z.number().int().nonnegative(),
});

/** GET /api/admin/billing */
export const adminBillingAnswer = z.strictObject({
  prices: z.array(priceListEntryAnswer),
  purchases: z.array(adminPurchaseAnswer),
  revenue: z.array(revenueMonthAnswer),
  /** Pending purchases older than an hour, across the platform. */
  stalePending: z.number().int().nonnegative(),
  /** M-Pesa payments nobody could confirm within a day: an administrator settles each from the M-Pesa portal. */
  mpesaReviews: z.array(
    z.strictObject({
      id: z.number().int().positive(),
      purchaseId: z.string(),
      companyName: z.string().nullable(),
      phone: z.string(),
      amount: z.number().int().positive().meta({ description: "Whole shillings" }),
      accountReference: z
        .string()
        .meta({ description: "What the payer's statement shows: tells one payment from another" }),
      checkoutRequestId: z.string().nullable(),
      sentAt: timestamp.nullable(),
      note: z.string().nullable(),
    }),
  ),
});
