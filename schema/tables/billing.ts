import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  uniqueIndex,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from "drizzle-orm/pg-core";
import { LIMITS } from "../limits";
import { CREDIT_ENTRY_KINDS, MPESA_PROMPT_STATES, PAYMENT_PROVIDERS, PURCHASE_STATUSES } from "../limits/billing";
import { CURRENCIES } from "../limits/codes";
import { companies } from "./organisations";

/*
 * Pay per code: each firm's credit balance and the append-only ledger of every change to it.
 * Credits are not money: purchases (with their currency) will point at the entries they paid for.
 */

/**
 * A firm's credits now: the balance after its latest ledger entry, kept in one row so a debit is a
 * guarded update (`balance >= n`) that waits for, and then sees, every earlier one. Never negative.
 */
export const creditBalances = pgTable(
  "credit_balances",
  {
    companyId: integer()
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    balance: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("credit_balances_not_negative", sql`${t.balance} >= 0`)],
);

/**
 * Every change to a firm's credits, appended and never changed (a trigger refuses UPDATE and
 * DELETE, migration 0041). `idempotencyKey` is unique: a change written twice (a retried request, a
 * provider's event delivered again) fails the second time and moves nothing. `balanceAfter` is the
 * balance the change left, so the ledger reads as a statement and sums to the balance.
 */
export const creditEntries = pgTable(
  "credit_entries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** Plain ids, as the transparency log keeps its subjects: the ledger outlives a deleted firm or code. */
    companyId: integer().notNull(),
    kind: varchar({ length: 16, enum: CREDIT_ENTRY_KINDS }).notNull(),
    /** The change: positive adds credits, negative takes them (an issued code is −1). */
    credits: integer().notNull(),
    balanceAfter: integer().notNull(),
    idempotencyKey: varchar({ length: 128 }).notNull().unique(),
    /** The code an `issue` entry paid for. */
    codeId: integer(),
    /** The purchase a `purchase` entry came from. */
    purchaseId: integer(),
    /** Why an administrator granted or reversed credits; shown to the firm. */
    reason: varchar({ length: LIMITS.revocationReason }),
    /** Who wrote a grant or reversal (an administrator); null for the system's own entries. */
    actorUserId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_entries_company_idx").on(t.companyId, t.id),
    check("credit_entries_change", sql`${t.credits} <> 0 AND ${t.balanceAfter} >= 0`),
  ],
);

/**
 * The price list: what a pack of credits costs in a currency from a moment on, excluding VAT, in
 * minor units (cents). A new price is a new row; the current one is the latest that has begun, and
 * a purchase records the row it used, so history is never rewritten (a trigger refuses UPDATE and
 * DELETE, migration 0042).
 */
export const creditPrices = pgTable(
  "credit_prices",
  {
    id: serial().primaryKey(),
    credits: integer().notNull(),
    currency: varchar({ length: 3, enum: CURRENCIES }).notNull(),
    netMinor: integer().notNull(),
    effectiveFrom: timestamp({ withTimezone: true }).notNull(),
    /** The administrator who set it; null for the launch prices a migration wrote. */
    createdByUserId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_prices_pack_idx").on(t.credits, t.currency, t.effectiveFrom),
    check("credit_prices_positive", sql`${t.credits} > 0 AND ${t.netMinor} > 0`),
  ],
);

/**
 * A firm's details for its receipts (tax invoices), asked once on the Billing screen: the name and
 * address a receipt is made out to, the firm's KRA PIN, and the currency it pays in.
 */
export const billingDetails = pgTable("billing_details", {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  legalName: varchar({ length: LIMITS.companyName }).notNull(),
  postalAddress: varchar({ length: LIMITS.billingAddress }).notNull(),
  kraPin: varchar({ length: 11 }),
  currency: varchar({ length: 3, enum: CURRENCIES }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One attempt to buy a pack: the money side of the ledger. The amounts are fixed when the purchase
 * is made (the price row, the VAT rate then), in the currency charged; the credits arrive as one
 * `purchase` entry when the provider's payment is confirmed. Plain ids, as the ledger keeps: a
 * purchase is a financial record that outlives a closed firm.
 */
export const purchases = pgTable(
  "purchases",
  {
    id: serial().primaryKey(),
    /** Unguessable: it names the purchase in the provider's session and the pages it returns to. */
    publicId: varchar({ length: 32 }).notNull().unique(),
    companyId: integer().notNull(),
    createdByUserId: integer().notNull(),
    priceId: integer()
      .notNull()
      .references(() => creditPrices.id),
    credits: integer().notNull(),
    currency: varchar({ length: 3, enum: CURRENCIES }).notNull(),
    netMinor: integer().notNull(),
    vatRateBasisPoints: integer().notNull(),
    vatMinor: integer().notNull(),
    totalMinor: integer().notNull(),
    status: varchar({ length: 16, enum: PURCHASE_STATUSES }).notNull().default("pending"),
    provider: varchar({ length: 16, enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's checkout (a Stripe Checkout Session id). */
    providerSessionId: varchar({ length: 255 }).unique(),
    /** The provider's payment (a Stripe PaymentIntent id): the receipt's payment reference. */
    providerPaymentId: varchar({ length: 255 }),
    /** Why a failed purchase failed, in the words the firm is shown. */
    failureReason: varchar({ length: 200 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("purchases_company_idx").on(t.companyId, t.id),
    index("purchases_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check(
      "purchases_amounts",
      sql`${t.credits} > 0 AND ${t.netMinor} > 0 AND ${t.vatMinor} >= 0 AND ${t.totalMinor} = ${t.netMinor} + ${t.vatMinor}`,
    ),
  ],
);

/**
 * Every event a payment provider sent, written once by its id: a second delivery of the same event
 * finds its row and changes nothing. The body is kept as received, for a dispute or an audit.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    provider: varchar({ length: 16, enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: varchar({ length: 255 }).notNull(),
    type: varchar({ length: 100 }).notNull(),
    purchaseId: integer(),
    body: jsonb().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("payment_events_provider_event").on(t.provider, t.eventId)],
);

/**
 * The next receipt number of each seller: taken (UPDATE … RETURNING) in the transaction that issues
 * the receipt, so numbers have no gaps: a transaction that fails gives its number back.
 */
export const receiptSequences = pgTable("receipt_sequences", {
  seller: varchar({ length: 32 }).primaryKey(),
  lastNumber: integer().notNull().default(0),
});

/**
 * A receipt (tax invoice) for a paid purchase: its number, and the document as issued (seller,
 * buyer, lines, amounts), signed with the platform's key like a certificate's record. Never
 * changed once issued (a trigger refuses UPDATE and DELETE, migration 0042).
 */
export const receipts = pgTable(
  "receipts",
  {
    id: serial().primaryKey(),
    seller: varchar({ length: 32 }).notNull(),
    number: integer().notNull(),
    /** Unguessable: names the receipt in its download address and on the PDF. */
    publicId: varchar({ length: 32 }).notNull().unique(),
    purchaseId: integer().notNull().unique(),
    companyId: integer().notNull(),
    /** The receipt as issued (ReceiptDocument in schema/responses/billing.ts). */
    document: jsonb().notNull(),
    /** The document signed (a JWS of type valuseal-receipt) with the platform's key. */
    signature: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [unique("receipts_seller_number").on(t.seller, t.number), index("receipts_company_idx").on(t.companyId, t.id)],
);

/**
 * One M-Pesa Express prompt (STK push) for a purchase. Its state moves only on what Daraja's status
 * query says (a callback is unsigned: it only prompts a query); paid, failed and timed out are ends
 * a trigger keeps (migration 0043). At most one prompt per purchase is live (created or sent), so a
 * payer is never asked twice at once; sending again after an end makes a new row and a new
 * CheckoutRequestID. Plain ids, as the purchase keeps.
 */
export const mpesaPrompts = pgTable(
  "mpesa_prompts",
  {
    id: serial().primaryKey(),
    purchaseId: integer()
      .notNull()
      .references(() => purchases.id),
    state: varchar({ length: 16, enum: MPESA_PROMPT_STATES }).notNull().default("created"),
    /** 2547XXXXXXXX or 2541XXXXXXXX, as the prompt was sent to. */
    phone: varchar({ length: 12 }).notNull(),
    /** Whole shillings: the purchase's total, which M-Pesa charges exactly. */
    amount: integer().notNull(),
    /** What the payer's phone and statement show: the purchase's receipt-friendly reference. */
    accountReference: varchar({ length: 12 }).notNull(),
    /** The unguessable last part of the callback address given to Daraja for this prompt. */
    callbackToken: varchar({ length: 43 }).notNull().unique(),
    checkoutRequestId: varchar({ length: 64 }).unique(),
    merchantRequestId: varchar({ length: 64 }),
    /** Safaricom's result code and words, as its status query answered them. */
    resultCode: integer(),
    resultDesc: varchar({ length: 300 }),
    /** The M-Pesa receipt number from the callback of a paid prompt: the receipt's payment reference. */
    mpesaReceipt: varchar({ length: 20 }).unique(),
    /** Status queries made, and when the last one was: the sweep asks again every 5 minutes for 24 hours. */
    queries: integer().notNull().default(0),
    lastQueriedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    /** Who settled a prompt that needed review, and what they saw (an administrator, decision 060). */
    reviewedByUserId: integer(),
    reviewNote: varchar({ length: 300 }),
  },
  (t) => [
    index("mpesa_prompts_purchase_idx").on(t.purchaseId, t.id),
    uniqueIndex("mpesa_prompts_one_live")
      .on(t.purchaseId)
      .where(sql`${t.state} IN ('created', 'sent')`),
    index("mpesa_prompts_waiting_idx")
      .on(t.sentAt)
      .where(sql`${t.state} = 'sent'`),
    check("mpesa_prompts_amount", sql`${t.amount} > 0`),
  ],
);
