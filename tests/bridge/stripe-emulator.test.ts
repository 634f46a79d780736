import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  newStripeEmulatorSecrets,
  startStripeEmulator,
  stripeSignatureHeader,
  type StripeEmulator,
} from "#scripts/lib/stripe-emulator.ts";
import { requestBody } from "#scripts/lib/request-body.ts";

/**
 * The Stripe emulator (scripts/lib/stripe-emulator.ts) stands in for Stripe in development and in
 * the tests, so it must speak Stripe's protocol as the SDK expects it: the official `stripe`
 * package (its Node build here, the Worker uses its fetch build) creates and reads sessions with
 * it, and the SDK's own signature check accepts its events, and refuses them altered or late.
 */

interface Received {
  body: string;
  signature: string;
}

const secrets = newStripeEmulatorSecrets();
const received: Received[] = [];
let emulator: StripeEmulator;
let receiver: ReturnType<typeof createServer>;
let stripe: Stripe;

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    received.push({ body: await requestBody(req), signature: String(req.headers["stripe-signature"]) });
    res.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  emulator = await startStripeEmulator({ ...secrets, webhookUrl: `http://127.0.0.1:${port}/events` });
  const base = new URL(emulator.url);
  stripe = new Stripe(secrets.secretKey, {
    host: base.hostname,
    port: base.port,
    protocol: "http",
    maxNetworkRetries: 0,
    telemetry: false,
  });
});

afterAll(async () => {
  await emulator.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const newSession = (idempotencyKey = crypto.randomUUID()) =>
  stripe.checkout.sessions.create(
    {
      mode: "payment",
      client_reference_id: "pur_test",
      line_items: [
        { quantity: 1, price_data: { currency: "kes", unit_amount: 580_000, product_data: { name: "10 credits" } } },
      ],
      success_url: "https://app.example/billing/purchases/pur_test?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://app.example/billing/purchases/pur_test?cancelled=1",
    },
    { idempotencyKey },
  );

const pay = (url: string, card: string) =>
  fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card }),
    redirect: "manual",
  });

async function waitForDeliveries(count: number) {
  for (let tries = 0; received.length < count && tries < 100; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(received.length).toBeGreaterThanOrEqual(count);
}

describe("the Stripe emulator", () => {
  it("answers the SDK's session calls as Stripe does, Idempotency-Key included", async () => {
    const key = crypto.randomUUID();
    const session = await newSession(key);
    expect(session).toMatchObject({
      object: "checkout.session",
      amount_total: 580_000,
      currency: "kes",
      status: "open",
      payment_status: "unpaid",
      client_reference_id: "pur_test",
    });
    expect((await newSession(key)).id).toBe(session.id);
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
    await expect(stripe.checkout.sessions.retrieve("cs_test_none")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      code: "resource_missing",
    });
    const wrongKey = new Stripe("sk_test_wrong", {
      host: new URL(emulator.url).hostname,
      port: new URL(emulator.url).port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    await expect(wrongKey.checkout.sessions.retrieve(session.id)).rejects.toMatchObject({
      type: "StripeAuthenticationError",
    });
  });

  it("posts events the SDK verifies, and refuses them altered or signed over 300 s ago", async () => {
    received.length = 0;
    const session = await newSession();
    expect((await pay(session.url!, "4000000000000002")).status).toBe(402);
    const paid = await pay(session.url!, "4242 4242 4242 4242");
    expect(paid.headers.get("Location")).toBe(
      `https://app.example/billing/purchases/pur_test?session_id=${session.id}`,
    );
    await waitForDeliveries(2);
    const events = received.map(({ body, signature }) =>
      stripe.webhooks.constructEvent(body, signature, secrets.webhookSecret),
    );
    expect(events.map((event) => event.type)).toEqual(["payment_intent.payment_failed", "checkout.session.completed"]);
    expect(events[1]!.data.object).toMatchObject({ id: session.id, payment_status: "paid", status: "complete" });

    const { body, signature } = received[1]!;
    expect(() => stripe.webhooks.constructEvent(body.replace("580000", "1"), signature, secrets.webhookSecret)).toThrow(
      /No signatures found matching the expected signature/,
    );
    const late = stripeSignatureHeader(body, secrets.webhookSecret, Math.floor(Date.now() / 1000) - 301);
    expect(() => stripe.webhooks.constructEvent(body, late, secrets.webhookSecret)).toThrow(
      /Timestamp outside the tolerance zone/,
    );
  });

  it("delivers an event again on demand, held back, several times, late or altered", async () => {
    const hold = await fetch(`${emulator.url}/_emulator/settings`, {
      method: "POST",
      body: JSON.stringify({ holdDeliveries: true }),
    });
    expect(await hold.json()).toMatchObject({ holdDeliveries: true });
    received.length = 0;
    const session = await newSession();
    await pay(session.url!, "4242424242424242");
    const [event] = (await (await fetch(`${emulator.url}/_emulator/events?session=${session.id}`)).json()) as {
      id: string;
    }[];
    expect(received).toHaveLength(0);
    const again = await fetch(`${emulator.url}/_emulator/events/${event!.id}/deliver`, {
      method: "POST",
      body: JSON.stringify({ times: 3 }),
    });
    expect(await again.json()).toEqual({ statuses: [200, 200, 200] });
    for (const delivery of [{ tamper: true }, { signedSecondsAgo: 400 }]) {
      await fetch(`${emulator.url}/_emulator/events/${event!.id}/deliver`, {
        method: "POST",
        body: JSON.stringify(delivery),
      });
    }
    expect(received).toHaveLength(5);
    expect(received[3]!.body).toContain('"amount_total": 1,');
    const verdicts = received.map(({ body, signature }) => {
      try {
        return stripe.webhooks.constructEvent(body, signature, secrets.webhookSecret).id;
      } catch {
        return "refused";
      }
    });
    expect(verdicts).toEqual([event!.id, event!.id, event!.id, "refused", "refused"]);
    await fetch(`${emulator.url}/_emulator/settings`, {
      method: "POST",
      body: JSON.stringify({ holdDeliveries: false }),
    });
  });
});
