import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, inject, it } from "vitest";
import { companies } from "../../schema/tables";
import { WEBHOOK_URL_ERRORS } from "../../schema/validation/webhook";
import { app } from "../../worker/app";
import type { Bindings } from "../../worker/env";
import worker from "../../worker/index";
import type { ScanAlertMessage } from "../../worker/services/scan-alerts";
import { setDnsRecords } from "../shared/dns";
import type { ReceivedDelivery } from "../support/webhook-receiver-global-setup";
import { type Account, companyIdOf, registerOwnerViaServices } from "./fixtures/accounts";
import { insertCode } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api, ORIGIN, randomIp, unique } from "./fixtures/http";
import { scanLikePhone, USER_AGENTS } from "./fixtures/scans";
import { addMemberViaServices } from "./fixtures/team";

const receiver = inject("webhookReceiverUrl");
const receiverPort = new URL(receiver).port;
const WEBHOOK_PATH = "/api/companies/current/webhook";
const PUBLIC_ADDRESS = "93.184.215.14";

/**
 * The tests' Worker runs locally (APP_ENV=development, with test-only password hashing); without
 * those values it is production.
 */
const { APP_ENV: _local, PASSWORD_HASHING: _testHashing, ...productionEnv } = env as Bindings;

/** Sets the webhook on the tests' Worker, which runs locally and so accepts a loopback receiver. */
const setWebhook = (account: Account, url: string) =>
  api(WEBHOOK_PATH, { method: "PUT", token: account.token, body: { url } });

async function setLocalWebhook(account: Account, url: string) {
  const res = await setWebhook(account, url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { url: string; secret: string };
}

/** The same request to the same Worker configured as in production. */
async function setWebhookInProduction(account: Account, url: string) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${ORIGIN}${WEBHOOK_PATH}`, {
      method: "PUT",
      headers: {
        Authorization: `Bearer ${account.token}`,
        "Content-Type": "application/json",
        "CF-Connecting-IP": randomIp(),
      },
      body: JSON.stringify({ url }),
    }),
    productionEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as { message: string; errors?: string[] } };
}

/** Runs the queue consumer as production would, on one scan alert of the account's company. */
async function deliverInProduction(account: Account) {
  const code = await insertCode(account);
  const body: ScanAlertMessage = {
    companyId: companyIdOf(account),
    codeId: code.id,
    alert: {
      event: "code.scanned",
      code: { id: code.publicToken, reference: null, address: code.propertyAddress },
      scan: { at: new Date().toISOString(), country: null, city: null, device: "mobile" },
      verificationCount: 1,
    },
  };
  const batch = createMessageBatch<ScanAlertMessage>("scan-alerts", [
    { id: unique("msg"), timestamp: new Date(), attempts: 1, body },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, productionEnv);
  return getQueueResult(batch, ctx);
}

const storedSecret = async (account: Account) =>
  (
    await withDb((db) =>
      db
        .select({ secret: companies.webhookSecret })
        .from(companies)
        .where(eq(companies.id, companyIdOf(account))),
    )
  )[0]!.secret;

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

const deliveryRecorded = (account: Account) =>
  waitFor(
    () => api(WEBHOOK_PATH, { token: account.token }),
    (res) => res.body.lastDeliveryOutcome !== null,
  );

async function hmacSha256Hex(secret: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
  return [...signature].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The Standard Webhooks headers of a delivery, as its library's verify() takes them. */
const standardHeaders = (delivery: ReceivedDelivery) => ({
  "webhook-id": String(delivery.headers["webhook-id"]),
  "webhook-timestamp": String(delivery.headers["webhook-timestamp"]),
  "webhook-signature": String(delivery.headers["webhook-signature"]),
});

/** The first release's documented check: v1= HMAC of "<timestamp>.<raw body>", and a timestamp under 5 minutes old. */
async function verifiesAsDocumented(secret: string, delivery: ReceivedDelivery): Promise<boolean> {
  const timestamp = delivery.headers["x-valuseal-timestamp"] ?? "";
  const fresh = Math.abs(delivery.receivedAt / 1000 - Number(timestamp)) <= 5 * 60;
  const expected = `v1=${await hmacSha256Hex(secret, `${timestamp}.${delivery.body}`)}`;
  return fresh && delivery.headers["x-valuseal-signature"] === expected;
}

/** Every notation of an internal destination the brief of this feature names, and their kin. */
const INTERNAL_URLS = [
  "https://127.0.0.1",
  "https://127.0.0.1:443/hook",
  "https://169.254.169.254/latest/meta-data/",
  "https://10.0.0.1",
  "https://172.16.0.1",
  "https://192.168.1.1",
  "https://100.64.0.1",
  "https://224.0.0.1",
  "https://0.0.0.0",
  "https://0",
  "https://255.255.255.255",
  "https://240.0.0.1",
  "https://192.0.0.192",
  "https://0x7f000001",
  "https://2130706433",
  "https://017700000001",
  "https://0177.0.0.1",
  "https://127.1",
  "https://0xa9.0xfe.0xa9.0xfe",
  "https://[::1]",
  "https://[::]",
  "https://[::ffff:127.0.0.1]",
  "https://[::ffff:a9fe:a9fe]",
  "https://[0:0:0:0:0:ffff:10.0.0.1]",
  "https://[64:ff9b::a00:1]",
  "https://[fd00:ec2::254]",
  "https://[fe80::1]",
  "https://[ff02::1]",
  "https://metadata.google.internal/computeMetadata/v1/",
  "https://metadata",
  "https://anything.internal",
  "https://printer.local",
  "https://localhost",
  "https://LOCALHOST.",
  "https://foo.localhost",
];

describe("webhook settings", () => {
  it("sets an https URL, shows the secret only once, stores it encrypted, and removes it", async () => {
    const owner = await registerOwnerViaServices();
    const set = await setWebhook(owner, "https://hooks.example.com/valuseal");
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      url: "https://hooks.example.com/valuseal",
      secret: expect.stringMatching(/^whsec_\w{32}$/),
    });
    const stored = await storedSecret(owner);
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(set.body.secret);
    expect(stored).not.toContain(set.body.secret.slice("whsec_".length));

    const shown = await api(WEBHOOK_PATH, { token: owner.token });
    expect(shown.body).toEqual({
      url: "https://hooks.example.com/valuseal",
      lastDeliveryAt: null,
      lastDeliveryOutcome: null,
      lastDeliveryFailure: null,
    });
    expect(JSON.stringify(shown.body)).not.toContain(set.body.secret);

    const again = await setWebhook(owner, "https://hooks.example.com/valuseal");
    expect(again.body.secret).not.toBe(set.body.secret);

    expect((await api(WEBHOOK_PATH, { method: "DELETE", token: owner.token })).status).toBe(200);
    expect((await api(WEBHOOK_PATH, { token: owner.token })).body.url).toBeNull();
  });

  it("relies on workerd's URL parser to write every IPv4 notation as a dotted quad", () => {
    for (const url of ["https://0x7f000001", "https://2130706433", "https://017700000001", "https://127.1"]) {
      expect(new URL(url).hostname, url).toBe("127.0.0.1");
    }
    expect(new URL("https://0xa9.0xfe.0xa9.0xfe").hostname).toBe("169.254.169.254");
    expect(new URL("https://[0:0:0:0:0:ffff:127.0.0.1]").hostname).toBe("[::ffff:7f00:1]");
    expect(new URL("https://hooks.example.com:443/x").port).toBe("");
  });

  it("refuses loopback, private, link-local and metadata destinations in every notation", async () => {
    const owner = await registerOwnerViaServices();
    for (const url of INTERNAL_URLS) {
      const res = await setWebhookInProduction(owner, url);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual({
        code: "invalid_request",
        message: "Validation failed",
        errors: [`url: ${WEBHOOK_URL_ERRORS.notPublic}`],
      });
    }
    // Locally only loopback is let through: the rest stay refused there too.
    for (const url of INTERNAL_URLS.filter((url) => !/127\.|::1\]|localhost|0x7f|2130706433|0177/i.test(url))) {
      expect((await setWebhook(owner, url)).body.errors, url).toEqual([`url: ${WEBHOOK_URL_ERRORS.notPublic}`]);
    }
    expect((await api(WEBHOOK_PATH, { token: owner.token })).body.url).toBeNull();
  });

  it("accepts only https on port 443", async () => {
    const owner = await registerOwnerViaServices();
    const otherPort = await setWebhookInProduction(owner, "https://hooks.example.com:8443/x");
    expect(otherPort).toEqual({
      status: 400,
      body: { code: "invalid_request", message: "Validation failed", errors: [`url: ${WEBHOOK_URL_ERRORS.port}`] },
    });
    expect((await setWebhookInProduction(owner, "http://hooks.example.com/x")).body.errors).toEqual([
      `url: ${WEBHOOK_URL_ERRORS.notHttps}`,
    ]);
    for (const url of ["ftp://hooks.example.com/x", "not a url", "https://u:p@example.com/"]) {
      expect((await setWebhookInProduction(owner, url)).status, url).toBe(400);
    }
    const explicit = await setWebhookInProduction(owner, "https://hooks.example.com:443/x");
    expect(explicit.status).toBe(200);
    expect((await api(WEBHOOK_PATH, { token: owner.token })).body.url).toBe("https://hooks.example.com/x");
  });

  it("accepts a loopback receiver over http only where the Worker runs locally", async () => {
    const owner = await registerOwnerViaServices();
    const url = `http://127.0.0.1:${receiverPort}/hook`;
    expect(await setWebhookInProduction(owner, url)).toEqual({
      status: 400,
      body: {
        code: "invalid_request",
        message: "Validation failed",
        errors: [`url: ${WEBHOOK_URL_ERRORS.notPublic}`],
      },
    });
    expect((await api(WEBHOOK_PATH, { token: owner.token })).body.url).toBeNull();
    expect((await setLocalWebhook(owner, url)).url).toBe(url);
  });

  it("lets only the owner change it; members may read it", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaServices(owner);
    expect((await setWebhook(member, "https://hooks.example.com/x")).status).toBe(403);
    expect((await api(WEBHOOK_PATH, { method: "DELETE", token: member.token })).status).toBe(403);
    expect((await api(WEBHOOK_PATH, { token: member.token })).status).toBe(200);
    expect((await api(WEBHOOK_PATH)).status).toBe(401);
  });
});

describe("scan alerts", () => {
  it("POSTs an alert signed over its timestamp per counted scan, retrying a failing receiver", async () => {
    const owner = await registerOwnerViaServices();
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

    // Standard Webhooks: the project's own library verifies every delivery with the secret as shown,
    // and a retry keeps its webhook-id.
    expect(retried.headers["webhook-id"]).toBe(failed.headers["webhook-id"]);
    expect(retried.headers["webhook-id"]).toBe(failed.headers["x-valuseal-delivery"]);
    for (const delivery of deliveries) {
      expect(delivery.headers["content-type"]).toBe("application/json");
      expect(delivery.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(new Webhook(secret).verify(delivery.body, standardHeaders(delivery))).toEqual(JSON.parse(delivery.body));
      // The first release's headers, kept beside them until 2027-06-30.
      expect(delivery.headers["x-valuseal-event"]).toBe("code.scanned");
      expect(delivery.headers["x-valuseal-signature"]).toMatch(/^v1=[0-9a-f]{64}$/);
      expect(await verifiesAsDocumented(secret, delivery)).toBe(true);
    }
    expect(() =>
      new Webhook("whsec_d3JvbmdzZWNyZXR3cm9uZ3NlY3JldA==").verify(retried.body, standardHeaders(retried)),
    ).toThrow();
    // The id is signed: the same body and signature under another id do not verify.
    expect(() =>
      new Webhook(secret).verify(retried.body, { ...standardHeaders(retried), "webhook-id": "msg_other" }),
    ).toThrow();
    expect(JSON.parse(retried.body)).toEqual({
      event: "code.scanned",
      code: { id: code.publicToken, reference: "REF-42", address: "12 Alert Road" },
      scan: { at: expect.any(String), country: null, city: null, device: "mobile" },
      verificationCount: 1,
    });
    expect(await verifiesAsDocumented("whsec_wrong", retried)).toBe(false);
    // The timestamp is signed: the same body under another timestamp does not verify.
    const replayed = { ...retried, headers: { ...retried.headers, "x-valuseal-timestamp": String(Date.now() / 1000) } };
    expect(await verifiesAsDocumented(secret, replayed)).toBe(false);

    const status = await waitFor(
      () => api(WEBHOOK_PATH, { token: owner.token }),
      (res) => res.body.lastDeliveryOutcome === "delivered",
    );
    expect(status.body).toMatchObject({ lastDeliveryOutcome: "delivered", lastDeliveryFailure: null });
    expect(new Date(status.body.lastDeliveryAt).getTime()).toBeGreaterThanOrEqual(retried.receivedAt - 1000);
    // Only the counted scan was alerted: the WhatsApp preview was not.
    expect(await deliveriesTo(name)).toHaveLength(2);
  });

  it("records a failing receiver's delivery as pending with a coarse reason, never its status code", async () => {
    const owner = await registerOwnerViaServices();
    const name = unique("hook");
    await setLocalWebhook(owner, `${receiver}/hooks/${name}?failures=50`);
    const code = await insertCode(owner, { propertyReference: "REF-43", propertyAddress: "13 Alert Road" });
    await scanLikePhone(code.publicToken);

    const status = await deliveryRecorded(owner);
    expect(status.body).toEqual({
      url: expect.any(String),
      lastDeliveryAt: expect.any(String),
      lastDeliveryOutcome: "pending",
      lastDeliveryFailure: "receiver-error",
    });
    // The receiver's status code appears nowhere the owner is shown a delivery: not in the outcome
    // or the reason. (The URL the owner typed and the time are left out: a random port such as
    // 45003 or a time ending .500 would contain "500" by chance.)
    const { url: _url, lastDeliveryAt: _at, ...delivery } = status.body;
    expect(JSON.stringify(delivery)).not.toContain("500");
    expect((await deliveriesTo(name)).map((delivery) => delivery.answeredStatus)).toContain(500);
  });

  it("signs with a secret stored before encryption, and encrypts it at that delivery", async () => {
    const owner = await registerOwnerViaServices();
    const name = unique("hook");
    await setLocalWebhook(owner, `${receiver}/hooks/${name}`);
    // As every secret ever issued: whsec_ and 32 base62 characters (a Standard Webhooks key read as base64).
    const plaintext = `whsec_${unique("legacy").padEnd(32, "0").slice(0, 32)}`;
    await withDb((db) =>
      db
        .update(companies)
        .set({ webhookSecret: plaintext })
        .where(eq(companies.id, companyIdOf(owner))),
    );
    await scanLikePhone((await insertCode(owner)).publicToken);

    const [delivery] = await waitFor(
      () => deliveriesTo(name),
      (list) => list.length >= 1,
    );
    expect(await verifiesAsDocumented(plaintext, delivery!)).toBe(true);
    expect(
      await waitFor(
        () => storedSecret(owner),
        (stored) => stored !== plaintext,
      ),
    ).toMatch(/^enc:v1:/);
  });

  describe("a host name, resolved before each delivery", () => {
    // The tests' receiver is on loopback and only `localhost` leads there, so these tests decide what
    // the resolver answers for it; the Worker connects wherever the system resolves it.
    afterEach(() => setDnsRecords("localhost", { A: ["127.0.0.1"], AAAA: ["::1"] }));

    it("is delivered to when every address it resolves to is public", async () => {
      const owner = await registerOwnerViaServices();
      const name = unique("hook");
      const { secret } = await setLocalWebhook(owner, `http://localhost:${receiverPort}/hooks/${name}`);
      await setDnsRecords("localhost", { A: [PUBLIC_ADDRESS], AAAA: [] });
      await scanLikePhone((await insertCode(owner)).publicToken);

      const [delivery] = await waitFor(
        () => deliveriesTo(name),
        (list) => list.length >= 1,
      );
      expect(await verifiesAsDocumented(secret, delivery!)).toBe(true);
      expect((await deliveryRecorded(owner)).body).toMatchObject({
        lastDeliveryOutcome: "delivered",
        lastDeliveryFailure: null,
      });
    });

    it("is not contacted when it resolves to an internal address", async () => {
      const owner = await registerOwnerViaServices();
      const name = unique("hook");
      await setLocalWebhook(owner, `http://localhost:${receiverPort}/hooks/${name}`);
      // One internal address among public ones is enough to refuse.
      await setDnsRecords("localhost", { A: [PUBLIC_ADDRESS, "10.0.0.5"], AAAA: [] });
      await scanLikePhone((await insertCode(owner)).publicToken);

      expect((await deliveryRecorded(owner)).body).toMatchObject({
        lastDeliveryOutcome: "failed",
        lastDeliveryFailure: "address-not-allowed",
      });
      expect(await deliveriesTo(name)).toEqual([]);
    });
  });

  describe("under the production setting", () => {
    it("does not contact a loopback receiver saved while the Worker ran locally", async () => {
      const owner = await registerOwnerViaServices();
      const name = unique("hook");
      await setLocalWebhook(owner, `${receiver}/hooks/${name}`);

      const result = await deliverInProduction(owner);
      // Refused for good: the owner has to change the URL, so it is not retried.
      expect(result.retryMessages).toEqual([]);
      expect(result.explicitAcks).toHaveLength(1);
      expect((await api(WEBHOOK_PATH, { token: owner.token })).body).toMatchObject({
        lastDeliveryOutcome: "failed",
        lastDeliveryFailure: "address-not-allowed",
      });
      expect(await deliveriesTo(name)).toEqual([]);
    });

    it("refuses a public-looking name that resolves to a loopback or private address", async () => {
      for (const records of [{ A: [PUBLIC_ADDRESS], AAAA: ["::1"] }, { A: ["10.0.0.5"] }]) {
        const owner = await registerOwnerViaServices();
        const host = `${unique("alerts")}.valuseal-receivers.com`;
        expect((await setWebhookInProduction(owner, `https://${host}/hook`)).status).toBe(200);
        await setDnsRecords(host, records);

        const result = await deliverInProduction(owner);
        expect(result.retryMessages).toEqual([]);
        expect((await api(WEBHOOK_PATH, { token: owner.token })).body).toMatchObject({
          lastDeliveryOutcome: "failed",
          lastDeliveryFailure: "address-not-allowed",
        });
      }
    });

    it("treats a name that does not resolve as no answer, and tries again later", async () => {
      const owner = await registerOwnerViaServices();
      expect((await setWebhookInProduction(owner, `https://${unique("gone")}.valuseal-receivers.com/`)).status).toBe(
        200,
      );
      const result = await deliverInProduction(owner);
      expect(result.retryMessages).toHaveLength(1);
      expect((await api(WEBHOOK_PATH, { token: owner.token })).body).toMatchObject({
        lastDeliveryOutcome: "pending",
        lastDeliveryFailure: "no-answer",
      });
    });
  });
});
