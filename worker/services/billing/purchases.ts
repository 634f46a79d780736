import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type Stripe from "stripe";
import { purchasePath } from "#schema/app-paths.ts";
import {
  MPESA_RETRY_HOURS,
  mpesaPromptMessage,
  packDescription,
  type CreditPack,
  type MpesaPromptState,
  type PaymentProvider,
  type PurchaseStatus,
} from "#schema/limits/billing.ts";
import type { ReceiptDocument } from "#schema/responses/billing.ts";
import { companies, mpesaPrompts, paymentEvents, purchases, receipts, users } from "#schema/tables.ts";
import type { Config } from "#worker/config.ts";
import type { Queryable, Reader, Transaction, TransactionalDatabase } from "#worker/db.ts";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import { ApiError, notFound } from "#worker/lib/errors.ts";
import { randomToken } from "#worker/lib/random.ts";
import type { Signer } from "#worker/lib/signing.ts";
import { stripeClient } from "#worker/lib/stripe.ts";
import { billingDetailsOf, detailsComplete } from "./billing-details";
import { changeCredits, creditBalance } from "./credits";
import { currentPrices } from "./prices";
import { issueReceipt } from "./receipts";

/*
 * Buying credits with a card: a purchase row (pending) and a Stripe Checkout Session for it; the
 * credits arrive only when Stripe's signed event says the session was paid and a fresh read of the
 * session agrees on the amount, the currency and the purchase (decision 058). Each event is kept
 * once by its id; the purchase is marked paid, credited and given its receipt in one transaction.
 */

export type Payments = NonNullable<Config["payments"]>;
/** Payments with card payments configured (Stripe's keys). */
export type CardPayments = Payments & { stripe: NonNullable<Payments["stripe"]> };

export const PURCHASE_NOT_FOUND = "Purchase not found";

/** A purchase's public id: "pur_" and 22 base62 characters. Anything else names nothing (404, unread). */
export const PURCHASE_ID = /^pur_[A-Za-z0-9]{22}$/;
export const CARD_PAYMENTS_OFF = "Card payments are not set up on this server";
/** How long Checkout keeps a session open (Stripe's least is 30 minutes). */
const CHECKOUT_OPEN_SECONDS = 30 * 60;

const purchaseColumns = {
  id: purchases.publicId,
  credits: purchases.credits,
  currency: purchases.currency,
  netMinor: purchases.netMinor,
  vatMinor: purchases.vatMinor,
  totalMinor: purchases.totalMinor,
  status: purchases.status,
  failureReason: purchases.failureReason,
  createdAt: purchases.createdAt,
  paidAt: purchases.paidAt,
  receiptId: receipts.publicId,
  receiptDocument: receipts.document,
  provider: purchases.provider,
  /** The purchase's latest M-Pesa prompt, if it has one (its times in epoch milliseconds). */
  latestPrompt: sql<{
    state: MpesaPromptState;
    phone: string;
    sentAt: number | null;
    resultCode: number | null;
    resultDesc: string | null;
  } | null>`(SELECT json_build_object('state', p.state, 'phone', p.phone, 'sentAt', floor(extract(epoch FROM p.sent_at) * 1000), 'resultCode', p.result_code, 'resultDesc', p.result_desc) FROM ${mpesaPrompts} p WHERE p.purchase_id = ${purchases.id} ORDER BY p.id DESC LIMIT 1)`,
};

/** "07•• ••• 678": enough for the owner to recognise the number, every member sees it; not enough to call it. */
const maskedPhone = (phone: string) => `0${phone.slice(3, 4)}•• ••• ${phone.slice(-3)}`;

/**
 * A purchase as answered: its receipt named by number; for M-Pesa, how its latest prompt stands and
 * whether it may be sent to a phone again (it ended unpaid, the purchase is under a day old).
 */
const shownPurchase = <Row extends PurchaseRow>({ receiptDocument, latestPrompt, ...row }: Row) => ({
  ...row,
  receiptNumber: (receiptDocument as ReceiptDocument | null)?.number ?? null,
  mpesa: latestPrompt && {
    state: latestPrompt.state,
    phone: maskedPhone(latestPrompt.phone),
    sentAt: latestPrompt.sentAt === null ? null : new Date(latestPrompt.sentAt),
    message: mpesaPromptMessage(latestPrompt.state, latestPrompt.resultCode, latestPrompt.resultDesc),
    canSendAgain:
      (latestPrompt.state === "failed" || latestPrompt.state === "timed-out") &&
      (row.status === "pending" || row.status === "failed") &&
      Date.now() - new Date(row.createdAt).getTime() < MPESA_RETRY_HOURS * 3_600_000,
  },
});

type PurchaseRow = {
  receiptDocument: unknown;
  latestPrompt: {
    state: MpesaPromptState;
    phone: string;
    sentAt: number | null;
    resultCode: number | null;
    resultDesc: string | null;
  } | null;
  status: PurchaseStatus;
  createdAt: Date;
};

export type PurchaseView = ReturnType<typeof shownPurchase<Awaited<ReturnType<typeof purchaseRows>>[number]>>;

const purchaseRows = (db: Reader) =>
  db.select(purchaseColumns).from(purchases).leftJoin(receipts, eq(receipts.purchaseId, purchases.id));

/** The firm's latest purchases, newest first, with their receipts. */
export async function recentPurchases(db: Reader, companyId: number, limit = 20) {
  const rows = await purchaseRows(db)
    .where(eq(purchases.companyId, companyId))
    .orderBy(desc(purchases.id))
    .limit(limit);
  return rows.map(shownPurchase);
}

/** One of the firm's purchases by its public id (another firm's is 404). */
export async function purchaseOf(db: Reader, companyId: number, publicId: string) {
  if (!PURCHASE_ID.test(publicId)) throw notFound(PURCHASE_NOT_FOUND);
  const [row] = await purchaseRows(db).where(and(eq(purchases.publicId, publicId), eq(purchases.companyId, companyId)));
  if (!row) throw notFound(PURCHASE_NOT_FOUND);
  return shownPurchase(row);
}

/**
 * The pack the owner asked for, at today's price in the firm's currency plus VAT; refused until the
 * firm's billing details can be put on a receipt.
 */
export async function pricedPack(db: Queryable, vatRateBasisPoints: number, companyId: number, credits: CreditPack) {
  const { details, inKenya } = await billingDetailsOf(db, companyId);
  if (!details || !detailsComplete(details, inKenya)) {
    throw new ApiError(409, "Add your firm's billing details before buying", [
      "details: Your receipts are made out to the name, address and KRA PIN in Billing details",
    ]);
  }
  const prices = await currentPrices(db, details.currency, vatRateBasisPoints);
  const price = prices.find((candidate) => candidate.credits === credits);
  if (!price) throw new ApiError(422, "That pack is not on sale", [`credits: No price for ${credits} credits`]);
  return price;
}

/** A new pending purchase of the pack, to be paid through `provider`: its row id and public id. */
export async function newPurchase(
  db: Queryable,
  price: Awaited<ReturnType<typeof pricedPack>>,
  request: { companyId: number; userId: number },
  provider: PaymentProvider,
) {
  const publicId = `pur_${randomToken(22)}`;
  const [purchase] = await db
    .insert(purchases)
    .values({
      publicId,
      companyId: request.companyId,
      createdByUserId: request.userId,
      priceId: price.priceId,
      credits: price.credits,
      currency: price.currency,
      netMinor: price.netMinor,
      vatRateBasisPoints: price.vatRateBasisPoints,
      vatMinor: price.vatMinor,
      totalMinor: price.totalMinor,
      provider,
    })
    .returning({ id: purchases.id });
  return { id: purchase!.id, publicId };
}

/**
 * The owner starts buying a pack: the price now in the firm's currency plus VAT, fixed in a
 * pending purchase, and a Checkout Session for exactly that total. Answers Checkout's page.
 */
export async function startCardPurchase(
  db: Queryable,
  payments: CardPayments,
  request: { companyId: number; userId: number; email: string; credits: CreditPack; origin: string },
): Promise<{ purchase: PurchaseView; checkoutUrl: string }> {
  const price = await pricedPack(db, payments.vatRateBasisPoints, request.companyId, request.credits);
  const purchase = await newPurchase(db, price, request, "stripe");
  const { publicId } = purchase;
  const page = `${request.origin}${purchasePath(publicId)}`;
  let session: Stripe.Checkout.Session;
  try {
    session = await (
      await stripeClient(payments.stripe)
    ).checkout.sessions.create(
      {
        mode: "payment",
        client_reference_id: publicId,
        customer_email: request.email,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: price.currency.toLowerCase(),
              unit_amount: price.totalMinor,
              product_data: { name: packDescription(price.credits) },
            },
          },
        ],
        metadata: { purchase: publicId },
        payment_intent_data: { metadata: { purchase: publicId } },
        success_url: `${page}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${page}?cancelled=1`,
        expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_OPEN_SECONDS,
      },
      { idempotencyKey: `checkout:${publicId}` },
    );
  } catch (error) {
    console.error("Stripe Checkout session not created", String(error));
    await db
      .update(purchases)
      .set({ status: "failed", failureReason: "The payment page could not be opened", updatedAt: new Date() })
      .where(eq(purchases.id, purchase.id));
    throw new ApiError(502, "The payment page could not be opened. Try again in a minute.");
  }
  await db
    .update(purchases)
    .set({ providerSessionId: session.id, updatedAt: new Date() })
    .where(eq(purchases.id, purchase.id));
  if (!session.url) throw new ApiError(502, "The payment page could not be opened. Try again in a minute.");
  return { purchase: await purchaseOf(db, request.companyId, publicId), checkoutUrl: session.url };
}

/**
 * Inside the transaction that learnt it was paid, with the purchase's row locked: the purchase is
 * paid, its credits arrive as one ledger entry (idempotent by the purchase) and its receipt is
 * issued, whoever took the money. Answers the receipt email for the owner.
 */
export async function settlePaidPurchase(
  tx: Transaction,
  purchase: typeof purchases.$inferSelect,
  payment: { providerPaymentId: string; paymentMethod: string; paymentReference: string },
  payments: Payments,
  signing: { signer: Signer; origin: string },
): Promise<EmailMessage[]> {
  await tx
    .update(purchases)
    .set({
      status: "paid",
      paidAt: new Date(),
      providerPaymentId: payment.providerPaymentId,
      failureReason: null,
      updatedAt: new Date(),
    })
    .where(eq(purchases.id, purchase.id));
  await changeCredits(tx, {
    companyId: purchase.companyId,
    kind: "purchase",
    credits: purchase.credits,
    idempotencyKey: `purchase:${purchase.publicId}`,
    purchaseId: purchase.id,
  });
  const receipt = await issueReceipt(
    tx,
    { ...purchase, paymentMethod: payment.paymentMethod, paymentReference: payment.paymentReference },
    payments.seller,
    signing,
  );
  const [owner] = await tx
    .select({ email: users.email, companyName: companies.name })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, purchase.companyId));
  return owner
    ? [
        {
          kind: "receipt",
          to: owner.email,
          companyName: owner.companyName,
          receiptId: receipt.publicId,
          receipt: receipt.document,
        },
      ]
    : [];
}

/** What a verified event did: written for the first time or not, and the receipt email to send. */
export interface EventOutcome {
  duplicate: boolean;
  result: "credited" | "failed" | "refunded" | "unchanged" | "not ours";
  emails: EmailMessage[];
}

/**
 * Inside the event's transaction: the purchase it is about (`which`, none for an event about
 * nothing of ours), locked, and the event kept under its id. A second delivery of the event, even
 * a concurrent one, finds it kept and is a duplicate: it changes nothing.
 */
async function keepEventOnce(tx: Transaction, event: Stripe.Event, which: SQL | null) {
  const [purchase] = which
    ? await tx
        .select()
        .from(purchases)
        .where(and(eq(purchases.provider, "stripe"), which))
        .for("update")
    : [];
  const [written] = await tx
    .insert(paymentEvents)
    .values({ provider: "stripe", eventId: event.id, type: event.type, purchaseId: purchase?.id ?? null, body: event })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return { duplicate: !written, purchase };
}

/**
 * A refund made in Stripe's dashboard (charge.refunded): the charge is read again from Stripe, and
 * a paid purchase refunded in full becomes refunded, its credits taken back in the same
 * transaction as far as the balance still holds them (credits already spent on codes stay spent:
 * those codes stand). A partial refund changes nothing here; it is logged for the operator.
 */
async function acceptRefund(
  db: TransactionalDatabase,
  payments: CardPayments,
  event: Stripe.Event,
  chargeId: string,
): Promise<EventOutcome> {
  const charge = await (await stripeClient(payments.stripe)).charges.retrieve(chargeId);
  const paymentIntent = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  return db.transaction(async (tx) => {
    const kept = await keepEventOnce(tx, event, paymentIntent ? eq(purchases.providerPaymentId, paymentIntent) : null);
    if (kept.duplicate) return { duplicate: true, result: "unchanged", emails: [] } satisfies EventOutcome;
    const { purchase } = kept;
    if (!purchase) return { duplicate: false, result: "not ours", emails: [] } satisfies EventOutcome;
    if (purchase.status !== "paid" || !charge.refunded) {
      if (!charge.refunded) console.error(`Purchase ${purchase.publicId} partly refunded in Stripe: credits unchanged`);
      return { duplicate: false, result: "unchanged", emails: [] } satisfies EventOutcome;
    }
    await tx.update(purchases).set({ status: "refunded", updatedAt: new Date() }).where(eq(purchases.id, purchase.id));
    const balance = await creditBalance(tx, purchase.companyId);
    const takeBack = Math.min(purchase.credits, balance);
    if (takeBack > 0) {
      await changeCredits(tx, {
        companyId: purchase.companyId,
        kind: "reversal",
        credits: -takeBack,
        idempotencyKey: `refund:${purchase.publicId}`,
        reason: `Payment refunded (${packDescription(purchase.credits)})`,
        purchaseId: purchase.id,
      });
    }
    return { duplicate: false, result: "refunded", emails: [] } satisfies EventOutcome;
  });
}

const FAILURE_REASONS: Partial<Record<string, string>> = {
  "checkout.session.expired": "The payment page closed before a payment was made",
  "checkout.session.async_payment_failed": "The payment did not go through",
};

/**
 * A verified Stripe event (its signature already checked): kept once by its id; for a Checkout
 * Session of ours, the session is read again from Stripe and the purchase follows what it says:
 * paid (amount, currency and purchase matching) → credited with its receipt; expired or failed
 * while still pending → failed. Events in any order end the same way, since each acts on the
 * session as it is now; a paid purchase never goes back.
 */
export async function acceptStripeEvent(
  db: TransactionalDatabase,
  payments: CardPayments,
  signing: { signer: Signer; origin: string },
  event: Stripe.Event,
): Promise<EventOutcome> {
  const [seen] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, "stripe"), eq(paymentEvents.eventId, event.id)));
  if (seen) return { duplicate: true, result: "unchanged", emails: [] };
  const object = event.data.object as { object?: string; id?: string };
  if (event.type === "charge.refunded" && object.object === "charge" && object.id) {
    return acceptRefund(db, payments, event, object.id);
  }
  // Read before the transaction: a network call never holds a row lock.
  const session =
    object.object === "checkout.session" && object.id
      ? await (await stripeClient(payments.stripe)).checkout.sessions.retrieve(object.id)
      : null;
  return db.transaction(async (tx) => {
    const kept = await keepEventOnce(tx, event, session ? eq(purchases.providerSessionId, session.id) : null);
    if (kept.duplicate) return { duplicate: true, result: "unchanged", emails: [] } satisfies EventOutcome;
    const { purchase } = kept;
    if (!session || !purchase) return { duplicate: false, result: "not ours", emails: [] } satisfies EventOutcome;
    if (purchase.status === "paid" || purchase.status === "refunded") {
      return { duplicate: false, result: "unchanged", emails: [] } satisfies EventOutcome;
    }
    if (session.status === "complete" && session.payment_status === "paid") {
      const matches =
        session.amount_total === purchase.totalMinor &&
        session.currency === purchase.currency.toLowerCase() &&
        session.client_reference_id === purchase.publicId;
      if (!matches) {
        console.error(`Stripe session ${session.id} does not match purchase ${purchase.publicId}: not credited`);
        return { duplicate: false, result: "unchanged", emails: [] } satisfies EventOutcome;
      }
      const paymentReference =
        typeof session.payment_intent === "string"
          ? session.payment_intent
          : (session.payment_intent?.id ?? session.id);
      const emails = await settlePaidPurchase(
        tx,
        purchase,
        { providerPaymentId: paymentReference, paymentMethod: "Card (Stripe)", paymentReference },
        payments,
        signing,
      );
      return { duplicate: false, result: "credited", emails } satisfies EventOutcome;
    }
    const failureReason = FAILURE_REASONS[event.type];
    if (failureReason && purchase.status === "pending" && session.payment_status !== "paid") {
      await tx
        .update(purchases)
        .set({ status: "failed", failureReason, updatedAt: new Date() })
        .where(eq(purchases.id, purchase.id));
      return { duplicate: false, result: "failed", emails: [] } satisfies EventOutcome;
    }
    return { duplicate: false, result: "unchanged", emails: [] } satisfies EventOutcome;
  });
}

/**
 * The owner came back from Checkout without paying: the session is closed at Stripe (expire), so
 * it cannot be paid later, and the purchase fails. A session Stripe says is already complete is
 * left to its events: it was paid, or is being paid, after all.
 */
export async function cancelCardPurchase(db: Queryable, payments: CardPayments, companyId: number, publicId: string) {
  if (!PURCHASE_ID.test(publicId)) throw notFound(PURCHASE_NOT_FOUND);
  const [purchase] = await db
    .select({ id: purchases.id, status: purchases.status, sessionId: purchases.providerSessionId })
    .from(purchases)
    .where(and(eq(purchases.publicId, publicId), eq(purchases.companyId, companyId)));
  if (!purchase) throw notFound(PURCHASE_NOT_FOUND);
  if (purchase.status === "pending" && purchase.sessionId) {
    const stripe = await stripeClient(payments.stripe);
    const session = await stripe.checkout.sessions.retrieve(purchase.sessionId);
    if (session.status === "open") await stripe.checkout.sessions.expire(purchase.sessionId);
    if (session.status !== "complete") {
      await db
        .update(purchases)
        .set({ status: "failed", failureReason: "You left the payment page without paying", updatedAt: new Date() })
        .where(and(eq(purchases.id, purchase.id), eq(purchases.status, "pending")));
    }
  }
  return purchaseOf(db, companyId, publicId);
}
