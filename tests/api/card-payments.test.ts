import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RECORD_TYPES } from "#schema/signed-records.ts";
import { creditEntries, paymentEvents } from "#schema/tables.ts";
import { verifyRecord } from "#verifier/records.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import {
  BILLING_DETAILS as DETAILS,
  deliver,
  emulator,
  eventsOf,
  payAtCheckout,
  postEvent,
  signed,
  startPurchase,
} from "./fixtures/billing";
import { addMemberViaServices } from "./fixtures/team";
import { withDb } from "./fixtures/database";
import { api, fetchWorker, ORIGIN, randomIp } from "./fixtures/http";
import { waitForEmail } from "#tests/shared/inbox.ts";

/*
 * Buying credits with a card, against the Stripe emulator (scripts/lib/stripe-emulator.ts): the
 * Worker creates and reads Checkout Sessions through the real SDK; the test pays on the emulator's
 * checkout page and delivers the emulator's signed events to the Worker, as often, as late and in
 * whatever order the case needs.
 */

const billingOf = (token: string) => api("/api/billing", { token });

describe("buying credits with a card", () => {
  it("credits a paid checkout once however often its event arrives, with a signed receipt", async () => {
    const owner = await registerOwnerViaServices();
    const { purchaseId, checkoutUrl, sessionId } = await startPurchase(owner, 50);
    const pending = await api(`/api/billing/purchases/${purchaseId}`, { token: owner.token });
    expect(pending.body).toMatchObject({
      status: "pending",
      credits: 50,
      currency: "KES",
      netMinor: 2_250_000,
      vatMinor: 360_000,
      totalMinor: 2_610_000,
    });
    const before = (await billingOf(owner.token)).body.balance;

    const paid = await payAtCheckout(checkoutUrl, "4242 4242 4242 4242");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(`${ORIGIN}/billing/purchases/${purchaseId}?session_id=${sessionId}`);
    const [completed] = await eventsOf(sessionId);
    expect(completed!.type).toBe("checkout.session.completed");

    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(completed!)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);

    const billing = (await billingOf(owner.token)).body;
    expect(billing.balance).toBe(before + 50);
    const purchaseEntries = billing.ledger.items.filter((entry: { kind: string }) => entry.kind === "purchase");
    expect(purchaseEntries).toEqual([expect.objectContaining({ credits: 50, purchaseId })]);
    const stored = await withDb((db) => db.$count(paymentEvents, eq(paymentEvents.eventId, completed!.id)));
    expect(stored).toBe(1);

    const purchase = (await api(`/api/billing/purchases/${purchaseId}`, { token: owner.token })).body;
    expect(purchase).toMatchObject({ status: "paid", receiptNumber: expect.stringMatching(/^VS-\d{6}$/) });

    // The receipt: emailed to the owner with its PDF, and signed with the platform's published key.
    const email = await waitForEmail(owner.email, purchase.receiptNumber);
    expect(email.attachments?.map((file) => file.contentType)).toEqual(["application/pdf"]);
    const check = await api(`/api/public/receipts/${purchase.receiptId}`);
    expect(check.status).toBe(200);
    expect(check.body.document).toMatchObject({
      number: purchase.receiptNumber,
      buyer: { name: DETAILS.legalName, kraPin: "P051234567X" },
      description: "50 ValuSeal code credits",
      vatRateBasisPoints: 1600,
      vatMinor: 360_000,
      totalMinor: 2_610_000,
      currency: "KES",
    });
    const verified = await verifyRecord(
      check.body.signature,
      (await api("/.well-known/jwks.json")).body,
      RECORD_TYPES.receipt,
    );
    expect(verified).toMatchObject({ ok: true, payload: { ...check.body.document, iss: ORIGIN } });

    const pdf = await fetchWorker(`${ORIGIN}/api/billing/receipts/${purchase.receiptId}/pdf`, {
      headers: { Authorization: `Bearer ${owner.token}`, "CF-Connecting-IP": randomIp() },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("refuses a tampered body or a signature 301 s old, and credits nothing", async () => {
    const owner = await registerOwnerViaServices();
    const { checkoutUrl, sessionId } = await startPurchase(owner, 10);
    const before = (await billingOf(owner.token)).body.balance;
    await payAtCheckout(checkoutUrl, "4242424242424242");
    const [completed] = await eventsOf(sessionId);

    const { payload, header } = await signed(completed!);
    const tampered = await postEvent(payload.replace(/"amount_total": \d+/, '"amount_total": 1'), header);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({
      message: "The Stripe-Signature does not match this body, or is older than 5 minutes",
    });
    const late = await deliver(completed!, 301);
    expect(late.status).toBe(400);
    const unsigned = await postEvent(payload, "t=1,v1=00");
    expect(unsigned.status).toBe(400);
    expect((await billingOf(owner.token)).body.balance).toBe(before);

    // Signed within the tolerance (299 s ago), the same event is accepted.
    expect((await deliver(completed!, 299)).status).toBe(200);
    expect((await billingOf(owner.token)).body.balance).toBe(before + 10);
  });

  it("credits nothing for a declined card, and a checkout left unpaid fails", async () => {
    const owner = await registerOwnerViaServices();
    const { purchaseId, checkoutUrl, sessionId } = await startPurchase(owner, 10);
    const before = (await billingOf(owner.token)).body.balance;
    const declined = await payAtCheckout(checkoutUrl, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    for (const event of await eventsOf(sessionId)) expect((await deliver(event)).status).toBe(200);
    expect((await api(`/api/billing/purchases/${purchaseId}`, { token: owner.token })).body.status).toBe("pending");

    const cancelled = await api(`/api/billing/purchases/${purchaseId}/cancel`, { method: "POST", token: owner.token });
    expect(cancelled.body).toMatchObject({
      status: "failed",
      failureReason: "You left the payment page without paying",
    });
    const expired = (await eventsOf(sessionId)).find((event) => event.type === "checkout.session.expired");
    expect((await deliver(expired!)).status).toBe(200);
    expect((await billingOf(owner.token)).body.balance).toBe(before);
    // The closed checkout cannot be paid any more.
    expect((await payAtCheckout(checkoutUrl, "4242424242424242")).status).toBe(410);
  });

  it("ends paid whatever order an asynchronous payment's events arrive in", async () => {
    const owner = await registerOwnerViaServices();
    const { purchaseId, checkoutUrl, sessionId } = await startPurchase(owner, 10);
    const before = (await billingOf(owner.token)).body.balance;
    // A payment that settles later: the session completes unpaid, then succeeds.
    expect((await payAtCheckout(checkoutUrl, "4000 0000 0000 1117")).status).toBe(303);
    const settle = await fetch(`${emulator}/_emulator/checkout/sessions/${sessionId}/settle`, {
      method: "POST",
      body: JSON.stringify({ outcome: "succeeded" }),
    });
    expect(settle.status).toBe(200);
    const events = await eventsOf(sessionId);
    expect(events.map((event) => event.type)).toEqual([
      "checkout.session.completed",
      "checkout.session.async_payment_succeeded",
    ]);
    // The later event first, then the earlier one (which says "unpaid"), then the later again.
    expect((await deliver(events[1]!)).status).toBe(200);
    expect((await deliver(events[0]!)).status).toBe(200);
    expect((await deliver(events[1]!)).status).toBe(200);
    const purchase = (await api(`/api/billing/purchases/${purchaseId}`, { token: owner.token })).body;
    expect(purchase.status).toBe("paid");
    expect((await billingOf(owner.token)).body.balance).toBe(before + 10);
    const entries = await withDb((db) =>
      db
        .select()
        .from(creditEntries)
        .where(eq(creditEntries.idempotencyKey, `purchase:${purchaseId}`)),
    );
    expect(entries).toHaveLength(1);
  });

  it("takes the credits back when a payment is refunded in full in Stripe, and not for a partial refund", async () => {
    const owner = await registerOwnerViaServices();
    const before = (await billingOf(owner.token)).body.balance;
    const { purchaseId, checkoutUrl, sessionId } = await startPurchase(owner, 10);
    await payAtCheckout(checkoutUrl, "4242424242424242");
    for (const event of await eventsOf(sessionId)) expect((await deliver(event)).status).toBe(200);
    expect((await billingOf(owner.token)).body.balance).toBe(before + 10);

    const partly = await fetch(`${emulator}/_emulator/checkout/sessions/${sessionId}/refund`, {
      method: "POST",
      body: JSON.stringify({ amount: 100 }),
    });
    expect(partly.status).toBe(200);
    const refund = await fetch(`${emulator}/_emulator/checkout/sessions/${sessionId}/refund`, { method: "POST" });
    expect(refund.status).toBe(200);
    const refunds = (await eventsOf(sessionId)).filter((event) => event.type === "charge.refunded");
    expect(refunds).toHaveLength(2);
    expect((await deliver(refunds[0]!)).status).toBe(200);
    expect((await api(`/api/billing/purchases/${purchaseId}`, { token: owner.token })).body.status).toBe("paid");
    // The full refund, delivered twice: taken back once.
    expect((await deliver(refunds[1]!)).status).toBe(200);
    expect((await deliver(refunds[1]!)).status).toBe(200);
    expect((await api(`/api/billing/purchases/${purchaseId}`, { token: owner.token })).body.status).toBe("refunded");
    const billing = (await billingOf(owner.token)).body;
    expect(billing.balance).toBe(before);
    expect(billing.ledger.items[0]).toMatchObject({
      kind: "reversal",
      credits: -10,
      purchaseId,
      reason: "Payment refunded (10 ValuSeal code credits)",
    });
  });

  it("lets only the owner buy, asks a Kenyan firm for its KRA PIN, and refuses other packs", async () => {
    const owner = await registerOwnerViaServices();
    const noDetails = await api("/api/billing/purchases", { token: owner.token, body: { credits: 10 } });
    expect(noDetails.status).toBe(409);
    expect(noDetails.body.message).toBe("Add your firm's billing details before buying");

    const withoutPin = await api("/api/billing/details", {
      method: "PUT",
      token: owner.token,
      body: { ...DETAILS, kraPin: "" },
    });
    expect(withoutPin.status).toBe(422);
    expect(withoutPin.body.errors).toEqual([
      "kraPin: A firm in Kenya gives its KRA PIN, like P051234567X, for its tax invoices",
    ]);
    const badPin = await api("/api/billing/details", {
      method: "PUT",
      token: owner.token,
      body: { ...DETAILS, kraPin: "12345" },
    });
    expect(badPin.status).toBe(400);
    expect(badPin.body.errors).toEqual(["kraPin: Enter a KRA PIN like P051234567X"]);
    await api("/api/billing/details", { method: "PUT", token: owner.token, body: DETAILS });

    for (const body of [{ credits: 11 }, { credits: "50" }, { credits: 50, currency: "EUR" }, {}]) {
      const refused = await api("/api/billing/purchases", { token: owner.token, body });
      expect(refused.status).toBe(400);
    }
    const member = await addMemberViaServices(owner);
    const byMember = await api("/api/billing/purchases", { token: member.token, body: { credits: 10 } });
    expect(byMember.status).toBe(403);
    const memberView = await api("/api/billing", { token: member.token });
    expect(memberView.status).toBe(200);
    expect(memberView.body).toMatchObject({
      cardPayments: true,
      currency: "KES",
      packs: [
        { credits: 10, netMinor: 500_000, vatMinor: 80_000, totalMinor: 580_000 },
        { credits: 50, netMinor: 2_250_000, vatMinor: 360_000, totalMinor: 2_610_000 },
        { credits: 200, netMinor: 8_000_000, vatMinor: 1_280_000, totalMinor: 9_280_000 },
      ],
    });
  });

  it("shows the public price list in either currency", async () => {
    const kes = await api("/api/public/pricing");
    expect(kes.body.currency).toBe("KES");
    const usd = await api("/api/public/pricing?currency=USD");
    expect(usd.body.packs[0]).toEqual({
      credits: 10,
      currency: "USD",
      netMinor: 3900,
      vatRateBasisPoints: 1600,
      vatMinor: 624,
      totalMinor: 4524,
    });
    expect((await api("/api/public/pricing?currency=EUR")).status).toBe(400);
  });
});
