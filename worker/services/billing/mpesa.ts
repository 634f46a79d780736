import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import {
  LIVE_MPESA_PROMPT_STATES,
  MPESA_CURRENCY,
  mpesaPromptMessage,
  payableByMpesa,
  type CreditPack,
  type MpesaPromptState,
} from "#schema/limits/billing.ts";
import { companies, mpesaPrompts, paymentEvents, purchases } from "#schema/tables.ts";
import type { Queryable, Transaction, TransactionalDatabase } from "#worker/db.ts";
import { DarajaError, queryStkPush, sendStkPush } from "#worker/lib/daraja.ts";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import { ApiError, notFound } from "#worker/lib/errors.ts";
import { randomToken, sha256Hex } from "#worker/lib/random.ts";
import type { Signer } from "#worker/lib/signing.ts";
import { recordAudit, type Actor } from "../companies/audit";
import {
  newPurchase,
  pricedPack,
  PURCHASE_ID,
  PURCHASE_NOT_FOUND,
  purchaseOf,
  settlePaidPurchase,
  type Payments,
  type PurchaseView,
} from "./purchases";

/*
 * Buying credits with M-Pesa Express (decision 060). The owner types a phone number; Daraja sends
 * the payment prompt to it (an STK push); the payer enters their PIN. Safaricom's callback is
 * unsigned and anyone could post one, so it is only kept and taken as a cue: what moves a prompt
 * is the answer of Daraja's status query, which this Worker asks with its own credentials. It is
 * asked when a callback arrives, at 20, 45 and 90 s after sending, and by the 5-minute sweep for
 * 24 hours; a prompt nobody can settle by then needs an administrator's review.
 */

export type MpesaPayments = Payments & { mpesa: NonNullable<Payments["mpesa"]> };

export const MPESA_PAYMENTS_OFF = "M-Pesa payments are not set up on this server";
export const MPESA_REVIEW_NOT_FOUND = "No M-Pesa payment to review has this id";
/** What Safaricom is answered on every callback it may deliver: received, whatever it says. */
export const CALLBACK_ACCEPTED = { ResultCode: 0, ResultDesc: "Accepted" } as const;

/** A prompt's callback address ends in 32 base62 characters; anything else names nothing. */
const CALLBACK_TOKEN = /^[A-Za-z0-9]{32}$/;
/** After this long without an answer Daraja confirms, a prompt needs an administrator. */
const ANSWER_WINDOW_MS = 24 * 3_600_000;
/** The sweep asks again about a prompt last asked about this long ago. */
const SWEEP_INTERVAL_MS = 4 * 60_000;
/** A prompt still "created" after this long may or may not have reached the phone: an administrator looks. */
const UNSENT_AFTER_MS = 5 * 60_000;
/** Prompts one sweep asks about: well within a cron run's subrequests. */
const SWEEP_BATCH = 100;

/**
 * Safaricom's published addresses for callbacks. A callback from elsewhere is kept and logged, but
 * the address proves nothing either way (it can change, and the query decides): a signal to log.
 */
const SAFARICOM_CALLBACK_ADDRESSES = new Set([
  "196.201.214.200",
  "196.201.214.206",
  "196.201.213.114",
  "196.201.214.207",
  "196.201.214.208",
  "196.201.213.44",
  "196.201.212.127",
  "196.201.212.138",
  "196.201.212.129",
  "196.201.212.136",
  "196.201.212.74",
  "196.201.212.69",
]);

/** What the payer's phone and statement show: "VS" and ten characters of the purchase's id (12 at most). */
const accountReferenceOf = (purchasePublicId: string) => `VS${purchasePublicId.slice(4, 14)}`;

/**
 * The result codes that end a prompt unpaid: insufficient funds (1), the subscriber busy (1001),
 * expired (1019), an error sending the prompt (1025), cancelled (1032), no answer (1037), a wrong
 * PIN (2001). Any other code is read as not an answer yet: asked again until the day is over.
 */
const UNPAID_ENDS = new Set([1, 1001, 1019, 1025, 1032, 1037, 2001]);

/** A prompt's end for a result code Daraja's query gave: 0 paid, 1037 timed out, the other ends failed; null: no end yet. */
const endOf = (resultCode: number): MpesaPromptState | null =>
  resultCode === 0 ? "paid" : resultCode === 1037 ? "timed-out" : UNPAID_ENDS.has(resultCode) ? "failed" : null;

interface Queue {
  sendBatch(messages: { body: { promptId: number }; delaySeconds?: number }[]): Promise<unknown>;
}

/**
 * A new prompt row (created) for a purchase, inside the caller's transaction: the firm's row is
 * locked first, so two requests at once (a double click) cannot each find no live prompt and both
 * ask a phone. A firm has one prompt waiting on a phone at a time.
 */
async function createPrompt(
  tx: Transaction,
  purchase: { id: number; publicId: string; totalMinor: number; companyId: number },
  phone: string,
) {
  await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, purchase.companyId))
    .for("no key update");
  const [live] = await tx
    .select({ id: mpesaPrompts.id })
    .from(mpesaPrompts)
    .innerJoin(purchases, eq(purchases.id, mpesaPrompts.purchaseId))
    .where(and(eq(purchases.companyId, purchase.companyId), inArray(mpesaPrompts.state, [...LIVE_MPESA_PROMPT_STATES])))
    .limit(1);
  if (live) {
    throw new ApiError(409, "A payment prompt is already waiting on a phone", [
      "phone: Answer the prompt on the phone, or wait a minute for it to close",
    ]);
  }
  const [prompt] = await tx
    .insert(mpesaPrompts)
    .values({
      purchaseId: purchase.id,
      phone,
      amount: purchase.totalMinor / 100,
      accountReference: accountReferenceOf(purchase.publicId),
      callbackToken: randomToken(32),
    })
    .returning({ id: mpesaPrompts.id, callbackToken: mpesaPrompts.callbackToken });
  return prompt!;
}

/**
 * Sends a created prompt to the phone (the STK push) and writes down what Daraja answered. Daraja
 * refusing (a 4xx, a ResponseCode that says no, our credentials refused) fails the prompt and the
 * purchase: nothing reached the phone. No readable answer (a timeout, a 5xx) leaves the prompt
 * created: it may have reached the phone, so it is never failed, and the sweep hands it to an
 * administrator after five minutes; the owner is told to look at the phone.
 */
async function pushPrompt(
  db: Queryable,
  payments: MpesaPayments,
  queue: Queue,
  purchase: { id: number; publicId: string; totalMinor: number },
  prompt: { id: number; callbackToken: string },
  phone: string,
  origin: string,
) {
  let sent: { checkoutRequestId: string; merchantRequestId: string };
  try {
    sent = await sendStkPush(payments.mpesa, {
      amount: purchase.totalMinor / 100,
      phone,
      accountReference: accountReferenceOf(purchase.publicId),
      description: "ValuSeal credits",
      callbackUrl: `${origin}/api/billing/mpesa/callback/${prompt.callbackToken}`,
    });
  } catch (error) {
    console.error(`M-Pesa prompt ${prompt.id} not confirmed as sent`, String(error));
    const outcome = error instanceof DarajaError ? error.outcome : "unknown";
    if (outcome === "unknown") return;
    const reason =
      outcome === "auth" ? "M-Pesa payments are not working on this server just now" : "M-Pesa refused the prompt";
    await db
      .update(mpesaPrompts)
      .set({ state: "failed", resultDesc: reason, endedAt: new Date() })
      .where(and(eq(mpesaPrompts.id, prompt.id), eq(mpesaPrompts.state, "created")));
    await db
      .update(purchases)
      .set({ status: "failed", failureReason: reason, updatedAt: new Date() })
      .where(and(eq(purchases.id, purchase.id), eq(purchases.status, "pending")));
    if (outcome === "auth") throw new ApiError(503, reason);
    throw new ApiError(422, reason, ["phone: Check the number: it must be a Safaricom M-Pesa line"]);
  }
  await db
    .update(mpesaPrompts)
    .set({ state: "sent", ...sent, sentAt: new Date() })
    .where(and(eq(mpesaPrompts.id, prompt.id), eq(mpesaPrompts.state, "created")));
  try {
    await queue.sendBatch(
      payments.mpesa.queryDelaysSeconds.map((delaySeconds) => ({ body: { promptId: prompt.id }, delaySeconds })),
    );
  } catch (error) {
    // The prompt is on the phone: the sweep asks about it even without these messages.
    console.error(`M-Pesa prompt ${prompt.id}: its status queries could not be queued`, String(error));
  }
}

/**
 * The owner pays a pack with M-Pesa: the price now, in Kenyan shillings and whole (M-Pesa takes no
 * cents), fixed in a pending purchase with its prompt, then the prompt sent to the phone. Answers
 * the purchase, to be followed on its page.
 */
export async function startMpesaPurchase(
  db: TransactionalDatabase,
  payments: MpesaPayments,
  queue: Queue,
  request: { companyId: number; userId: number; credits: CreditPack; phone: string; origin: string },
): Promise<PurchaseView> {
  const price = await pricedPack(db, payments.vatRateBasisPoints, request.companyId, request.credits);
  if (price.currency !== MPESA_CURRENCY) {
    throw new ApiError(422, "M-Pesa takes Kenyan shillings: pay this pack by card", [
      "credits: Your firm is billed in " + price.currency,
    ]);
  }
  if (!payableByMpesa(price)) {
    throw new ApiError(422, "This pack's total has cents, which M-Pesa cannot charge: pay it by card", [
      "credits: M-Pesa charges whole shillings",
    ]);
  }
  const { purchase, prompt } = await db.transaction(async (tx) => {
    const purchase = await newPurchase(tx, price, request, "mpesa");
    const details = { ...purchase, totalMinor: price.totalMinor, companyId: request.companyId };
    return { purchase: details, prompt: await createPrompt(tx, details, request.phone) };
  });
  await pushPrompt(db, payments, queue, purchase, prompt, request.phone, request.origin);
  return purchaseOf(db, request.companyId, purchase.publicId);
}

/**
 * "Send the prompt again": a new prompt for an M-Pesa purchase whose last prompt ended without a
 * payment (cancelled, timed out, failed), within a day of the purchase, to the same phone unless
 * another is given. The purchase is pending again until the new prompt ends.
 */
export async function sendPromptAgain(
  db: TransactionalDatabase,
  payments: MpesaPayments,
  queue: Queue,
  request: { companyId: number; publicId: string; phone: string | undefined; origin: string },
): Promise<PurchaseView> {
  if (!PURCHASE_ID.test(request.publicId)) throw notFound(PURCHASE_NOT_FOUND);
  const shown = await purchaseOf(db, request.companyId, request.publicId);
  if (shown.provider !== "mpesa" || !shown.mpesa?.canSendAgain) {
    throw new ApiError(409, "This purchase cannot be sent to a phone again", [
      shown.status === "paid" ? "purchase: It is paid" : "purchase: Start a new purchase from Billing",
    ]);
  }
  const { purchase, prompt, phone } = await db.transaction(async (tx) => {
    const [purchase] = await tx
      .select()
      .from(purchases)
      .where(and(eq(purchases.publicId, request.publicId), eq(purchases.companyId, request.companyId)))
      .for("update");
    const [last] = await tx
      .select({ phone: mpesaPrompts.phone })
      .from(mpesaPrompts)
      .where(eq(mpesaPrompts.purchaseId, purchase!.id))
      .orderBy(desc(mpesaPrompts.id))
      .limit(1);
    const phone = request.phone ?? last!.phone;
    await tx
      .update(purchases)
      .set({ status: "pending", failureReason: null, updatedAt: new Date() })
      .where(and(eq(purchases.id, purchase!.id), eq(purchases.status, "failed")));
    return { purchase: purchase!, phone, prompt: await createPrompt(tx, purchase!, phone) };
  });
  await pushPrompt(db, payments, queue, purchase, prompt, phone, request.origin);
  return purchaseOf(db, request.companyId, request.publicId);
}

/**
 * A callback posted to a prompt's address: kept once, as received (its raw text, the address it
 * came from and whether that is one of Safaricom's), and the prompt queued for a status query.
 * Answers the prompt's id, or null for an address that names no prompt.
 */
export async function keepMpesaCallback(db: Queryable, token: string, rawBody: string, sourceAddress: string | null) {
  if (!CALLBACK_TOKEN.test(token)) return null;
  const [prompt] = await db
    .select({ id: mpesaPrompts.id, purchaseId: mpesaPrompts.purchaseId, state: mpesaPrompts.state })
    .from(mpesaPrompts)
    .where(eq(mpesaPrompts.callbackToken, token));
  if (!prompt) return null;
  const fromSafaricom = sourceAddress !== null && SAFARICOM_CALLBACK_ADDRESSES.has(sourceAddress);
  if (!fromSafaricom)
    console.warn(`M-Pesa callback for prompt ${prompt.id} from ${sourceAddress ?? "an unknown address"}`);
  const bodyHash = await sha256Hex(rawBody);
  await db
    .insert(paymentEvents)
    .values({
      provider: "mpesa",
      // The same body delivered again is the same event; a different body is another.
      eventId: `stk:${prompt.id}:${bodyHash}`,
      type: "stk-callback",
      purchaseId: prompt.purchaseId,
      body: { promptId: prompt.id, raw: rawBody, sourceAddress, fromSafaricom },
    })
    .onConflictDoNothing();
  return prompt.id;
}

/** What a paid callback says of its payment (Body.stkCallback.CallbackMetadata), when it is that shape. */
interface PaidCallback {
  amount: number | null;
  phone: string | null;
  receipt: string | null;
}

function paidCallbackOf(raw: string, checkoutRequestId: string): PaidCallback | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const callback = (parsed as { Body?: { stkCallback?: Record<string, unknown> } } | null)?.Body?.stkCallback;
  if (!callback || callback.CheckoutRequestID !== checkoutRequestId || Number(callback.ResultCode) !== 0) return null;
  const items = (callback.CallbackMetadata as { Item?: { Name?: string; Value?: unknown }[] } | undefined)?.Item ?? [];
  const value = (name: string) => items.find((item) => item.Name === name)?.Value;
  const receipt = value("MpesaReceiptNumber");
  return {
    amount: typeof value("Amount") === "number" ? (value("Amount") as number) : null,
    phone: value("PhoneNumber") === undefined ? null : String(value("PhoneNumber")),
    receipt: typeof receipt === "string" && /^[A-Z0-9]{8,20}$/.test(receipt) ? receipt : null,
  };
}

type Prompt = typeof mpesaPrompts.$inferSelect;

/**
 * A prompt Daraja's query says was paid: the M-Pesa receipt number is taken from the callbacks kept
 * for it whose amount and phone are the prompt's. A paid callback that disagrees, two receipt
 * numbers, or one already used, is a reason for an administrator to look instead.
 */
/** The paid callbacks kept for a prompt (its CheckoutRequestID, result 0), as they claim it. */
async function paidCallbacksOf(tx: Transaction, prompt: Prompt): Promise<PaidCallback[]> {
  const kept = await tx
    .select({ body: paymentEvents.body })
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.provider, "mpesa"),
        eq(paymentEvents.purchaseId, prompt.purchaseId),
        sql`${paymentEvents.body}->>'promptId' = ${String(prompt.id)}`,
      ),
    );
  return kept
    .map(({ body }) => paidCallbackOf(String((body as { raw?: unknown }).raw ?? ""), prompt.checkoutRequestId ?? ""))
    .filter((callback) => callback !== null);
}

async function receiptOfPaidPrompt(
  tx: Transaction,
  prompt: Prompt,
): Promise<{ receipt: string | null; doubt: string | null }> {
  const paid = await paidCallbacksOf(tx, prompt);
  if (paid.some((callback) => callback.amount !== prompt.amount || callback.phone !== prompt.phone)) {
    return { receipt: null, doubt: "A callback claims a payment of another amount or from another phone" };
  }
  const receipts = [...new Set(paid.map((callback) => callback.receipt).filter((receipt) => receipt !== null))];
  if (receipts.length > 1) return { receipt: null, doubt: `Callbacks name several receipts: ${receipts.join(", ")}` };
  const receipt = receipts[0] ?? null;
  if (receipt) {
    const [used] = await tx
      .select({ id: mpesaPrompts.id })
      .from(mpesaPrompts)
      .where(eq(mpesaPrompts.mpesaReceipt, receipt));
    if (used) return { receipt: null, doubt: `M-Pesa receipt ${receipt} was already used for prompt ${used.id}` };
  }
  return { receipt, doubt: null };
}

/** What asking about a prompt did. */
export interface PromptCheck {
  outcome: "paid" | "ended" | "waiting" | "needs-review" | "unchanged";
  emails: EmailMessage[];
}

/**
 * Asks Daraja how a prompt stands and acts on its answer, once: paid (credits and receipt, in one
 * transaction with the prompt's end), failed or timed out (the purchase fails with the reason), or
 * still waiting (after 24 hours: needs review). A prompt that already ended is left as it is.
 */
export async function checkMpesaPrompt(
  db: TransactionalDatabase,
  payments: MpesaPayments,
  signing: { signer: Signer; origin: string },
  promptId: number,
  now = new Date(),
): Promise<PromptCheck> {
  const [prompt] = await db.select().from(mpesaPrompts).where(eq(mpesaPrompts.id, promptId));
  if (!prompt || prompt.state !== "sent" || !prompt.checkoutRequestId) return { outcome: "unchanged", emails: [] };
  let answer: Awaited<ReturnType<typeof queryStkPush>> | null = null;
  try {
    answer = await queryStkPush(payments.mpesa, prompt.checkoutRequestId);
  } catch (error) {
    // Daraja unreachable or refusing for now: the next query (or the sweep) asks again.
    console.error(`M-Pesa status query for prompt ${prompt.id} failed`, String(error));
  }
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(mpesaPrompts).where(eq(mpesaPrompts.id, promptId)).for("update");
    if (!locked || locked.state !== "sent") return { outcome: "unchanged", emails: [] } satisfies PromptCheck;
    await tx
      .update(mpesaPrompts)
      .set({ queries: sql`${mpesaPrompts.queries} + 1`, lastQueriedAt: now })
      .where(eq(mpesaPrompts.id, promptId));
    const state = answer?.state === "answered" ? endOf(answer.resultCode) : null;
    if (!answer || answer.state === "waiting" || !state) {
      if (now.getTime() - locked.sentAt!.getTime() < ANSWER_WINDOW_MS) {
        return { outcome: "waiting", emails: [] } satisfies PromptCheck;
      }
      await needsReview(tx, locked, "M-Pesa gave no answer within 24 hours", now);
      return { outcome: "needs-review", emails: [] } satisfies PromptCheck;
    }
    const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, locked.purchaseId)).for("update");
    if (state !== "paid") {
      // A kept callback that claims this very payment was made is not overruled quietly: someone looks.
      if ((await paidCallbacksOf(tx, locked)).length > 0) {
        await needsReview(tx, locked, `The status query says ${answer.resultCode}, a callback says paid`, now);
        return { outcome: "needs-review", emails: [] } satisfies PromptCheck;
      }
      await tx
        .update(mpesaPrompts)
        .set({ state, resultCode: answer.resultCode, resultDesc: answer.resultDesc.slice(0, 300), endedAt: now })
        .where(eq(mpesaPrompts.id, promptId));
      await tx
        .update(purchases)
        .set({
          status: "failed",
          failureReason: mpesaPromptMessage(state, answer.resultCode, answer.resultDesc),
          updatedAt: now,
        })
        .where(and(eq(purchases.id, locked.purchaseId), eq(purchases.status, "pending")));
      return { outcome: "ended", emails: [] } satisfies PromptCheck;
    }
    const { receipt, doubt } = await receiptOfPaidPrompt(tx, locked);
    if (doubt || !purchase || purchase.status === "paid" || purchase.status === "refunded") {
      await needsReview(
        tx,
        locked,
        doubt ?? `M-Pesa says paid, but the purchase is ${purchase?.status ?? "missing"}`,
        now,
      );
      return { outcome: "needs-review", emails: [] } satisfies PromptCheck;
    }
    await tx
      .update(mpesaPrompts)
      .set({
        state: "paid",
        resultCode: 0,
        resultDesc: answer.resultDesc.slice(0, 300),
        mpesaReceipt: receipt,
        endedAt: now,
      })
      .where(eq(mpesaPrompts.id, promptId));
    // Without a callback the payment is still Safaricom's word (the query): the receipt names its checkout instead.
    const reference = receipt ?? `M-Pesa checkout ${locked.checkoutRequestId}`;
    const emails = await settlePaidPurchase(
      tx,
      purchase,
      { providerPaymentId: reference, paymentMethod: "M-Pesa", paymentReference: reference },
      payments,
      signing,
    );
    return { outcome: "paid", emails } satisfies PromptCheck;
  });
}

async function needsReview(tx: Transaction, prompt: Prompt, note: string, now: Date) {
  console.error(`M-Pesa prompt ${prompt.id} needs review: ${note}`);
  await tx
    .update(mpesaPrompts)
    .set({ state: "needs-review", reviewNote: note.slice(0, 300), endedAt: now })
    .where(eq(mpesaPrompts.id, prompt.id));
}

/**
 * The 5-minute sweep: every prompt still waiting that was not asked about in the last few minutes
 * is asked about again (the first 90 s belong to the queue's own queries), and a prompt stuck in
 * "created" (the Worker stopped between the push and writing it down) is handed to an administrator.
 */
export async function sweepMpesaPrompts(
  db: TransactionalDatabase,
  payments: MpesaPayments,
  signing: { signer: Signer; origin: string },
  now = new Date(),
) {
  const unsent = await db
    .select()
    .from(mpesaPrompts)
    .where(
      and(eq(mpesaPrompts.state, "created"), lt(mpesaPrompts.createdAt, new Date(now.getTime() - UNSENT_AFTER_MS))),
    )
    .limit(SWEEP_BATCH);
  for (const prompt of unsent) {
    await db.transaction(async (tx) => {
      const [still] = await tx.select().from(mpesaPrompts).where(eq(mpesaPrompts.id, prompt.id)).for("update");
      if (still?.state === "created")
        await needsReview(tx, still, "Not known whether the prompt reached the phone", now);
    });
  }
  const due = await db
    .select({ id: mpesaPrompts.id })
    .from(mpesaPrompts)
    .where(
      and(
        eq(mpesaPrompts.state, "sent"),
        lt(mpesaPrompts.sentAt, new Date(now.getTime() - 2 * 60_000)),
        or(
          isNull(mpesaPrompts.lastQueriedAt),
          lt(mpesaPrompts.lastQueriedAt, new Date(now.getTime() - SWEEP_INTERVAL_MS)),
        ),
      ),
    )
    .orderBy(mpesaPrompts.sentAt)
    .limit(SWEEP_BATCH);
  const emails: EmailMessage[] = [];
  for (const { id } of due) {
    // One prompt that cannot be settled (its receipt cannot be issued, a constraint refuses it)
    // must not keep the others waiting: it is logged, and asked about again next time.
    try {
      emails.push(...(await checkMpesaPrompt(db, payments, signing, id, now)).emails);
    } catch (error) {
      console.error(`M-Pesa sweep: prompt ${id} could not be checked`, String(error));
    }
  }
  return emails;
}

/** The prompts an administrator must settle, oldest first, with the firm and what was noted. */
export async function promptsNeedingReview(db: Queryable) {
  return db
    .select({
      id: mpesaPrompts.id,
      purchaseId: purchases.publicId,
      companyName: companies.name,
      phone: mpesaPrompts.phone,
      amount: mpesaPrompts.amount,
      accountReference: mpesaPrompts.accountReference,
      checkoutRequestId: mpesaPrompts.checkoutRequestId,
      sentAt: mpesaPrompts.sentAt,
      note: mpesaPrompts.reviewNote,
    })
    .from(mpesaPrompts)
    .innerJoin(purchases, eq(purchases.id, mpesaPrompts.purchaseId))
    .leftJoin(companies, eq(companies.id, purchases.companyId))
    .where(eq(mpesaPrompts.state, "needs-review"))
    .orderBy(mpesaPrompts.id);
}

/**
 * An administrator settles a prompt that needs review from Safaricom's own records (the M-Pesa
 * organisation portal): paid, with the M-Pesa receipt number seen there (credits and receipt), or
 * not paid (the purchase fails). Audited; the prompt then never changes.
 */
export async function settleReviewedPrompt(
  db: TransactionalDatabase,
  payments: Payments,
  signing: { signer: Signer; origin: string },
  actor: Actor,
  promptId: number,
  decision: { paid: true; mpesaReceipt: string } | { paid: false; note: string },
): Promise<EmailMessage[]> {
  return db.transaction(async (tx) => {
    const [prompt] = await tx.select().from(mpesaPrompts).where(eq(mpesaPrompts.id, promptId)).for("update");
    if (!prompt || prompt.state !== "needs-review") throw notFound(MPESA_REVIEW_NOT_FOUND);
    const [purchase] = await tx.select().from(purchases).where(eq(purchases.id, prompt.purchaseId)).for("update");
    const note = decision.paid ? `Paid: ${decision.mpesaReceipt}` : decision.note;
    await recordAudit(tx, actor, [
      {
        action: "platform.mpesa_reviewed",
        targetType: "purchase",
        targetId: prompt.purchaseId,
        details: { purchase: purchase?.publicId, promptId, paid: decision.paid, note },
      },
    ]);
    if (!decision.paid) {
      await tx
        .update(mpesaPrompts)
        .set({ state: "failed", reviewedByUserId: actor.id, reviewNote: note.slice(0, 300), endedAt: new Date() })
        .where(eq(mpesaPrompts.id, promptId));
      await tx
        .update(purchases)
        .set({ status: "failed", failureReason: "M-Pesa did not take this payment", updatedAt: new Date() })
        .where(and(eq(purchases.id, prompt.purchaseId), inArray(purchases.status, ["pending", "failed"])));
      return [];
    }
    if (!purchase || purchase.status === "paid" || purchase.status === "refunded") {
      throw new ApiError(409, "This purchase is already settled", [`purchase: It is ${purchase?.status ?? "missing"}`]);
    }
    // A receipt number already behind another payment (a prompt's, a purchase's, or named by a
    // callback kept for another prompt) cannot pay this one too: one payment, one pack.
    const receiptUsed = sql`(
      EXISTS (SELECT 1 FROM ${mpesaPrompts} WHERE ${mpesaPrompts.mpesaReceipt} = ${decision.mpesaReceipt})
      OR EXISTS (SELECT 1 FROM ${purchases} WHERE ${purchases.providerPaymentId} = ${decision.mpesaReceipt})
      OR EXISTS (
        SELECT 1 FROM ${paymentEvents}
        WHERE ${paymentEvents.provider} = 'mpesa'
          AND ${paymentEvents.body}->>'promptId' <> ${String(promptId)}
          AND position(${decision.mpesaReceipt} in ${paymentEvents.body}->>'raw') > 0
      )
    )`;
    const { rows } = await tx.execute<{ used: boolean }>(sql`SELECT ${receiptUsed} AS used`);
    const used = rows[0]?.used === true;
    if (used) {
      throw new ApiError(409, "That M-Pesa receipt already paid another purchase", [
        "mpesaReceipt: Check the receipt number and the account reference in the M-Pesa portal",
      ]);
    }
    await tx
      .update(mpesaPrompts)
      .set({
        state: "paid",
        resultCode: 0,
        mpesaReceipt: decision.mpesaReceipt,
        reviewedByUserId: actor.id,
        reviewNote: note,
        endedAt: new Date(),
      })
      .where(eq(mpesaPrompts.id, promptId));
    return settlePaidPurchase(
      tx,
      purchase,
      {
        providerPaymentId: decision.mpesaReceipt,
        paymentMethod: "M-Pesa",
        paymentReference: decision.mpesaReceipt,
      },
      payments,
      signing,
    );
  });
}
