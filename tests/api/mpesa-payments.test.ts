import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mpesaPrompts, paymentEvents } from "#schema/tables.ts";
import type { Bindings } from "#worker/bindings.ts";
import worker from "#worker/index.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { auditEntriesFor, createAdminViaDb } from "./fixtures/admins";
import { BILLING_DETAILS } from "./fixtures/billing";
import { withDb } from "./fixtures/database";
import { api } from "./fixtures/http";
import {
  answerOnPhone,
  daraja,
  emulatedPrompt,
  forgeCallback,
  postCallback,
  promptAskedAbout,
  promptById,
  purchaseWhen,
  startMpesaPurchase,
  storedPrompts,
} from "./fixtures/mpesa";

/*
 * Buying credits with M-Pesa Express, against the Daraja emulator: the prompt reaches the emulated
 * phone, the payer answers there, and the callbacks the emulator would have posted are delivered
 * by the test, as often, as late, or as forged as the case needs. The status query (asked by the
 * payments queue at 2, 4 and 6 s in tests) is what decides.
 */

const balanceOf = async (token: string) => (await api("/api/billing", { token })).body.balance as number;
const receiptOf = async (token: string, receiptId: string) =>
  (await api(`/api/public/receipts/${receiptId}`, { token })).body;

describe("buying credits with M-Pesa", () => {
  it("credits a paid prompt once however often its callback arrives, the M-Pesa receipt on the receipt", async () => {
    const owner = await registerOwnerViaServices();
    const before = await balanceOf(owner.token);
    const purchase = await startMpesaPurchase(owner, 10, "+254 712 345 678");
    expect(purchase).toMatchObject({ status: "pending", provider: "mpesa", credits: 10 });
    expect(purchase.mpesa).toMatchObject({ state: "sent", phone: "07•• ••• 678", message: null, canSendAgain: false });

    const prompt = await emulatedPrompt(purchase.id);
    expect(prompt).toMatchObject({ phone: "254712345678", amount: purchase.totalMinor / 100, resultCode: null });
    // Daraja forgets the Worker's token mid-flow: the status query is refused once, then asked with a new one.
    expect((await fetch(`${daraja}/_emulator/tokens/expire`, { method: "POST" })).status).toBe(200);
    const answered = await answerOnPhone(prompt.checkoutRequestId, 0);
    const [stored] = await storedPrompts(purchase.id);
    const callback = answered.callbacks[0]!.body;
    const deliveries = await Promise.all([1, 2, 3].map(() => postCallback(stored!.callbackToken, callback)));
    for (const delivery of deliveries) {
      expect(delivery.status).toBe(200);
      expect(await delivery.json()).toEqual({ ResultCode: 0, ResultDesc: "Accepted" });
    }

    const paid = await purchaseWhen(owner, purchase.id, (shown) => shown.status === "paid");
    expect(paid.mpesa).toMatchObject({ state: "paid", message: "Payment received" });
    expect(await balanceOf(owner.token)).toBe(before + 10);
    const receipt = await receiptOf(owner.token, paid.receiptId);
    expect(receipt.document).toMatchObject({
      paymentMethod: "M-Pesa",
      paymentReference: answered.receiptNumber,
      totalMinor: purchase.totalMinor,
    });
    // The same callback three times is one event kept; the prompt ended paid with its receipt number.
    const kept = await withDb((db) => db.$count(paymentEvents, eq(paymentEvents.provider, "mpesa")));
    expect(kept).toBeGreaterThanOrEqual(1);
    const [ended] = await storedPrompts(purchase.id);
    expect(ended).toMatchObject({ state: "paid", mpesaReceipt: answered.receiptNumber, resultCode: 0 });
    const sameBody = await withDb((db) =>
      db.$count(paymentEvents, sql`${paymentEvents.body}->>'promptId' = ${String(ended!.id)}`),
    );
    expect(sameBody).toBe(1);
  });

  it("credits nothing on a forged callback, and hands a callback the query contradicts to an administrator", async () => {
    const owner = await registerOwnerViaServices();
    const before = await balanceOf(owner.token);
    const purchase = await startMpesaPurchase(owner);
    const prompt = await emulatedPrompt(purchase.id);
    const [stored] = await storedPrompts(purchase.id);

    const forged = await forgeCallback(prompt.checkoutRequestId, 0);
    const accepted = await postCallback(stored!.callbackToken, forged, "203.0.113.9");
    expect(accepted.status).toBe(200);
    // The callback's own query has run (the prompt was asked about) and found it waiting.
    await promptAskedAbout(purchase.id, 1);
    expect((await api(`/api/billing/purchases/${purchase.id}`, { token: owner.token })).body).toMatchObject({
      status: "pending",
      mpesa: { state: "sent" },
    });
    expect(await balanceOf(owner.token)).toBe(before);

    // The payer cancels and no callback of theirs arrives: the query says 1032 while a kept callback
    // says paid. Nothing is credited, nothing is failed quietly: an administrator looks.
    await answerOnPhone(prompt.checkoutRequestId, 1032, 0);
    const review = await purchaseWhen(owner, purchase.id, (shown) => shown.mpesa?.state === "needs-review");
    expect(review).toMatchObject({ status: "pending", mpesa: { canSendAgain: false } });
    expect((await storedPrompts(purchase.id))[0]!.reviewNote).toBe("The status query says 1032, a callback says paid");
    expect(await balanceOf(owner.token)).toBe(before);
  });

  it("sends a cancelled prompt again, to another phone, and credits it by the status query alone", async () => {
    const owner = await registerOwnerViaServices();
    const before = await balanceOf(owner.token);
    const purchase = await startMpesaPurchase(owner);
    const prompt = await emulatedPrompt(purchase.id);
    // One prompt waits on a phone at a time: a second purchase while it waits is refused.
    const second = await api("/api/billing/mpesa", {
      token: owner.token,
      body: { credits: 10, phone: "0799 000 111" },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe("A payment prompt is already waiting on a phone");

    // The payer cancels; no callback reaches the Worker: the scheduled queries find the answer.
    await answerOnPhone(prompt.checkoutRequestId, 1032, 0);
    const cancelled = await purchaseWhen(owner, purchase.id, (shown) => shown.status === "failed");
    expect(cancelled.mpesa).toMatchObject({
      state: "failed",
      message: "The prompt was cancelled on the phone",
      canSendAgain: true,
    });
    expect(cancelled.failureReason).toBe("The prompt was cancelled on the phone");
    expect(await balanceOf(owner.token)).toBe(before);

    // "Send the prompt again": a new prompt with a new CheckoutRequestID, and this time paid.
    const again = await api(`/api/billing/purchases/${purchase.id}/mpesa`, {
      token: owner.token,
      body: { phone: "0112 345 678" },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: "pending", mpesa: { state: "sent", phone: "01•• ••• 678" } });
    const resent = await emulatedPrompt(purchase.id);
    expect(resent.checkoutRequestId).not.toBe(prompt.checkoutRequestId);
    expect(resent.phone).toBe("254112345678");
    const tooSoon = await api(`/api/billing/purchases/${purchase.id}/mpesa`, { token: owner.token, body: {} });
    expect(tooSoon.status).toBe(409);
    await answerOnPhone(resent.checkoutRequestId, 0, 0);
    const paid = await purchaseWhen(owner, purchase.id, (shown) => shown.status === "paid");
    expect(await balanceOf(owner.token)).toBe(before + 10);
    // No callback ever came: the receipt names the checkout, which Safaricom can trace.
    expect((await receiptOf(owner.token, paid.receiptId)).document.paymentReference).toBe(
      `M-Pesa checkout ${resent.checkoutRequestId}`,
    );
  });

  it("says each way a prompt can end in plain words", async () => {
    const owner = await registerOwnerViaServices();
    const cases = [
      [1037, "timed-out", "Nobody answered the prompt on the phone in time"],
      [1, "failed", "M-Pesa says the balance is not enough for this payment"],
      [2001, "failed", "The M-Pesa PIN entered was wrong"],
    ] as const;
    for (const [resultCode, state, message] of cases) {
      const purchase = await startMpesaPurchase(owner);
      const prompt = await emulatedPrompt(purchase.id);
      await answerOnPhone(prompt.checkoutRequestId, resultCode, 0);
      const ended = await purchaseWhen(owner, purchase.id, (shown) => shown.status === "failed");
      expect(ended.mpesa).toMatchObject({ state, message, canSendAgain: true });
    }
  });

  it("refuses a phone that is not a Kenyan mobile, a firm billed in dollars, and unknown callback addresses", async () => {
    const owner = await registerOwnerViaServices();
    await api("/api/billing/details", { method: "PUT", token: owner.token, body: BILLING_DETAILS });
    for (const phone of ["0812 345 678", "+255 712 345 678", "07123", "phone"]) {
      const refused = await api("/api/billing/mpesa", { token: owner.token, body: { credits: 10, phone } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual(["phone: Enter the M-Pesa phone number, like 0712 345 678"]);
    }
    const dollars = await registerOwnerViaServices();
    await api("/api/billing/details", {
      method: "PUT",
      token: dollars.token,
      body: { legalName: "Baobab Valuers", postalAddress: "PO Box 1, Kampala", kraPin: "P051234567X", currency: "USD" },
    });
    const inDollars = await api("/api/billing/mpesa", {
      token: dollars.token,
      body: { credits: 10, phone: "0712345678" },
    });
    expect(inDollars.status).toBe(422);
    expect(inDollars.body.message).toBe("M-Pesa takes Kenyan shillings: pay this pack by card");

    const unknown = await postCallback("A".repeat(32), JSON.stringify({ Body: {} }));
    expect(unknown.status).toBe(404);
    const malformed = await postCallback("not-a-token", "{}");
    expect(malformed.status).toBe(404);
    const purchase = await startMpesaPurchase(owner);
    const [stored] = await storedPrompts(purchase.id);
    const huge = await postCallback(stored!.callbackToken, "x".repeat(20_000));
    expect(huge.status).toBe(413);
    // Bodies in no shape, or Safaricom's shape with missing fields and wrong types, to a real address:
    // each is accepted and kept as received (Safaricom must not retry), and none moves the purchase.
    const bodies = [
      "",
      "not json",
      "[]",
      JSON.stringify({ Body: null }),
      JSON.stringify({ Body: { stkCallback: { ResultCode: "zero" } } }),
      JSON.stringify({ Body: { stkCallback: { CheckoutRequestID: 42, ResultCode: 0, CallbackMetadata: "paid" } } }),
      JSON.stringify({
        Body: {
          stkCallback: {
            CheckoutRequestID: stored!.checkoutRequestId,
            ResultCode: 0,
            CallbackMetadata: {
              Item: [
                { Name: "Amount", Value: "lots" },
                { Name: "MpesaReceiptNumber", Value: 7 },
              ],
            },
          },
        },
      }),
    ];
    for (const body of bodies) {
      const kept = await postCallback(stored!.callbackToken, body);
      expect(kept.status).toBe(200);
      expect(await kept.json()).toEqual({ ResultCode: 0, ResultDesc: "Accepted" });
    }
    const keptBodies = await withDb((db) =>
      db.$count(paymentEvents, sql`${paymentEvents.body}->>'promptId' = ${String(stored!.id)}`),
    );
    expect(keptBodies).toBe(bodies.length);
    await promptAskedAbout(purchase.id, 1);
    expect((await api(`/api/billing/purchases/${purchase.id}`, { token: owner.token })).body).toMatchObject({
      status: "pending",
      mpesa: { state: "sent" },
    });
  });

  it("hands a prompt nobody answered in 24 hours to an administrator, who settles it from the M-Pesa portal", async () => {
    const owner = await registerOwnerViaServices();
    const before = await balanceOf(owner.token);
    const purchase = await startMpesaPurchase(owner);
    const prompt = await emulatedPrompt(purchase.id);
    // The queue's queries find it waiting; a day later the sweep gives up asking.
    await promptAskedAbout(purchase.id, 3);
    const dayLater = new Date(Date.now() + 25 * 3_600_000);
    await worker.scheduled(
      createScheduledController({ scheduledTime: dayLater, cron: "*/5 * * * *" }),
      env as Bindings,
      createExecutionContext(),
    );
    const review = await purchaseWhen(owner, purchase.id, (shown) => shown.mpesa?.state === "needs-review");
    expect(review.status).toBe("pending");
    expect(review.mpesa.canSendAgain).toBe(false);

    const admin = await createAdminViaDb();
    const overview = await api("/api/admin/billing", { token: admin.token });
    const listed = overview.body.mpesaReviews.find((entry: { purchaseId: string }) => entry.purchaseId === purchase.id);
    // In the purchases list too, flagged.
    expect(overview.body.purchases.find((entry: { id: string }) => entry.id === purchase.id)).toMatchObject({
      provider: "mpesa",
      status: "pending",
      needsReview: true,
    });
    expect(listed).toMatchObject({
      phone: "254712345678",
      checkoutRequestId: prompt.checkoutRequestId,
      note: "M-Pesa gave no answer within 24 hours",
    });
    const badReceipt = await api(`/api/admin/billing/mpesa/${listed.id}`, {
      token: admin.token,
      body: { paid: true, mpesaReceipt: "no!" },
    });
    expect(badReceipt.status).toBe(400);
    const settled = await api(`/api/admin/billing/mpesa/${listed.id}`, {
      token: admin.token,
      body: { paid: true, mpesaReceipt: "slk4h7rt61" },
    });
    expect(settled.status).toBe(200);
    expect(settled.body.mpesaReviews.some((entry: { id: number }) => entry.id === listed.id)).toBe(false);
    const paid = (await api(`/api/billing/purchases/${purchase.id}`, { token: owner.token })).body;
    expect(paid).toMatchObject({ status: "paid", mpesa: { state: "paid" } });
    expect(await balanceOf(owner.token)).toBe(before + 10);
    expect((await receiptOf(owner.token, paid.receiptId)).document.paymentReference).toBe("SLK4H7RT61");
    const [audited] = await auditEntriesFor("purchase", [(await storedPrompts(purchase.id))[0]!.purchaseId]);
    expect(audited).toMatchObject({ action: "platform.mpesa_reviewed", actorId: admin.user.id });

    // Settled is an end: the row refuses any change, and settling again finds nothing to review.
    await expect(
      withDb((db) => db.update(mpesaPrompts).set({ state: "failed" }).where(eq(mpesaPrompts.id, listed.id))),
    ).rejects.toThrow();
    const twice = await api(`/api/admin/billing/mpesa/${listed.id}`, {
      token: admin.token,
      body: { paid: false, note: "Nothing in the portal" },
    });
    expect(twice.status).toBe(404);
    // The emulated phone never answered, and nobody paid twice.
    expect((await promptById(prompt.checkoutRequestId)).resultCode).toBeNull();
  });
});
