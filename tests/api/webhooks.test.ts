import { describe, expect, inject, it } from "vitest";
import type { ReceivedDelivery } from "../support/webhook-receiver-global-setup";
import { type Account, registerOwnerViaApi } from "./fixtures/accounts";
import { insertCode } from "./fixtures/codes";
import { api, fetchWorker, unique } from "./fixtures/http";
import { scanLikePhone, USER_AGENTS } from "./fixtures/scans";
import { addMemberViaApi } from "./fixtures/team";

const receiver = inject("webhookReceiverUrl");
const WEBHOOK_PATH = "/api/companies/current/webhook";

const setWebhook = (account: Account, url: string) =>
  api(WEBHOOK_PATH, { method: "PUT", token: account.token, body: { url } });

/** The owner's browser on a local development server, where a loopback receiver is allowed. */
async function setLocalWebhook(account: Account, url: string) {
  const res = await fetchWorker(`http://localhost${WEBHOOK_PATH}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${account.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ url }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { url: string; secret: string };
}

async function deliveriesTo(name: string): Promise<ReceivedDelivery[]> {
  const res = await fetch(`${receiver}/deliveries/${name}`);
  return (await res.json()) as ReceivedDelivery[];
}

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function hmacSha256Hex(secret: string, body: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(body)));
  return [...signature].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

describe("webhook settings", () => {
  it("sets an https URL, shows the secret only once, and removes it", async () => {
    const owner = await registerOwnerViaApi();
    const set = await setWebhook(owner, "https://hooks.example.com/valuseal");
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      url: "https://hooks.example.com/valuseal",
      secret: expect.stringMatching(/^whsec_\w{32}$/),
    });

    const shown = await api(WEBHOOK_PATH, { token: owner.token });
    expect(shown.body).toEqual({
      url: "https://hooks.example.com/valuseal",
      lastDeliveryAt: null,
      lastDeliveryOutcome: null,
      lastDeliveryStatusCode: null,
    });
    expect(JSON.stringify(shown.body)).not.toContain(set.body.secret);

    const again = await setWebhook(owner, "https://hooks.example.com/valuseal");
    expect(again.body.secret).not.toBe(set.body.secret);

    expect((await api(WEBHOOK_PATH, { method: "DELETE", token: owner.token })).status).toBe(200);
    expect((await api(WEBHOOK_PATH, { token: owner.token })).body.url).toBeNull();
  });

  it("accepts only https, and plain http only to loopback from a local server", async () => {
    const owner = await registerOwnerViaApi();
    for (const url of [
      "http://hooks.example.com/x",
      "ftp://hooks.example.com/x",
      "not a url",
      "https://u:p@example.com/",
    ]) {
      expect((await setWebhook(owner, url)).status, url).toBe(400);
    }
    const loopbackFromPublicHost = await setWebhook(owner, "http://127.0.0.1:9999/hook");
    expect(loopbackFromPublicHost.status).toBe(400);
    expect(loopbackFromPublicHost.body.errors).toEqual(["url: The webhook URL must start with https://"]);
    expect((await setLocalWebhook(owner, "http://127.0.0.1:9999/hook")).url).toBe("http://127.0.0.1:9999/hook");
  });

  it("lets only the owner change it; members may read it", async () => {
    const owner = await registerOwnerViaApi();
    const member = await addMemberViaApi(owner);
    expect((await setWebhook(member, "https://hooks.example.com/x")).status).toBe(403);
    expect((await api(WEBHOOK_PATH, { method: "DELETE", token: member.token })).status).toBe(403);
    expect((await api(WEBHOOK_PATH, { token: member.token })).status).toBe(200);
    expect((await api(WEBHOOK_PATH)).status).toBe(401);
  });
});

describe("scan alerts", () => {
  it("POSTs a signed alert per counted scan through the queue, retrying a failing receiver", async () => {
    const owner = await registerOwnerViaApi();
    const name = unique("hook");
    const { secret } = await setLocalWebhook(owner, `${receiver}/hooks/${name}?failures=1`);
    const code = await insertCode(owner, { propertyReference: "REF-42", propertyAddress: "12 Alert Road" });

    await scanLikePhone(code.publicToken, { userAgent: USER_AGENTS.whatsapp });
    const started = Date.now();
    const page = await scanLikePhone(code.publicToken);
    expect(page.status).toBe(200);
    // The alert is queued after the response: the scan did not wait for the failing receiver.
    expect(Date.now() - started).toBeLessThan(2000);

    const deliveries = await waitFor(
      () => deliveriesTo(name),
      (list) => list.length >= 2,
    );
    expect(deliveries.map((delivery) => delivery.answeredStatus)).toEqual([500, 200]);
    const [failed, retried] = deliveries as [ReceivedDelivery, ReceivedDelivery];

    // Exponential backoff starts at 2 s.
    expect(retried.receivedAt - failed.receivedAt).toBeGreaterThanOrEqual(1500);
    expect(retried.body).toBe(failed.body);
    expect(retried.headers["x-valuseal-delivery"]).toBe(failed.headers["x-valuseal-delivery"]);

    for (const delivery of deliveries) {
      expect(delivery.headers["content-type"]).toBe("application/json");
      expect(delivery.headers["x-valuseal-event"]).toBe("code.scanned");
      expect(delivery.headers["x-valuseal-signature"]).toBe(`sha256=${await hmacSha256Hex(secret, delivery.body)}`);
      expect(Number(delivery.headers["x-valuseal-timestamp"])).toBeGreaterThan(Date.now() / 1000 - 60);
    }
    expect(JSON.parse(retried.body)).toEqual({
      event: "code.scanned",
      code: { id: code.publicToken, reference: "REF-42", address: "12 Alert Road" },
      scan: { at: expect.any(String), country: null, city: null, device: "mobile" },
      verificationCount: 1,
    });
    expect(await hmacSha256Hex("whsec_wrong", retried.body)).not.toBe(
      retried.headers["x-valuseal-signature"]!.slice("sha256=".length),
    );

    const status = await waitFor(
      () => api(WEBHOOK_PATH, { token: owner.token }),
      (res) => res.body.lastDeliveryOutcome === "delivered",
    );
    expect(status.body).toMatchObject({ lastDeliveryOutcome: "delivered", lastDeliveryStatusCode: 200 });
    expect(new Date(status.body.lastDeliveryAt).getTime()).toBeGreaterThanOrEqual(retried.receivedAt - 1000);
    // Only the counted scan was alerted: the WhatsApp preview was not.
    expect(await deliveriesTo(name)).toHaveLength(2);
  });

  it("records a failing receiver's delivery as pending, with its HTTP status, while retries remain", async () => {
    const owner = await registerOwnerViaApi();
    const name = unique("hook");
    await setLocalWebhook(owner, `${receiver}/hooks/${name}?failures=50`);
    const code = await insertCode(owner, { propertyReference: "REF-43", propertyAddress: "13 Alert Road" });
    await scanLikePhone(code.publicToken);

    const status = await waitFor(
      () => api(WEBHOOK_PATH, { token: owner.token }),
      (res) => res.body.lastDeliveryOutcome !== null,
    );
    expect(status.body).toMatchObject({ lastDeliveryOutcome: "pending", lastDeliveryStatusCode: 500 });
    expect((await deliveriesTo(name)).map((delivery) => delivery.answeredStatus)).toContain(500);
  });
});
