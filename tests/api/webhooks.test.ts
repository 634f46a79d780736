import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, inject, it } from "vitest";
import { webhookAttemptPageSchema, webhookEndpointAnswerSchema, webhookEndpointCreatedSchema } from "#schema/api-v1.ts";
import { DAY_MS } from "#schema/limits.ts";
import { type WebhookEventType } from "#schema/limits/integration.ts";
import { auditLog, scanEvents, webhookDeliveries, webhookEndpoints, webhookEvents } from "#schema/tables.ts";
import { WEBHOOK_URL_ERRORS } from "#schema/validation/webhook.ts";
import { app } from "#worker/app.ts";
import type { Bindings } from "#worker/bindings.ts";
import worker from "#worker/index.ts";
import { SCAN_WEBHOOK_EVENTS_PER_HOUR } from "#worker/services/scans/scan-alerts.ts";
import { type ScanAlertMessage } from "#worker/queue-messages.ts";
import { claimAndQueueDeliveries, recordWebhookEvents } from "#worker/services/integration/webhooks.ts";
import { type WebhookDeliveryMessage } from "#worker/queue-messages.ts";
import { setDnsRecords } from "../shared/dns";
import { waitForEmail } from "../shared/inbox";
import type { ReceivedDelivery } from "../support/webhook-receiver-global-setup";
import { type Account, companyIdOf, registerOwnerViaServices } from "./fixtures/accounts";
import { codeInput, insertCode } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api, ORIGIN, randomIp, unique } from "./fixtures/http";
import { scanLikePhone, USER_AGENTS } from "./fixtures/scans";
import { setCompanyActiveInDb } from "./fixtures/companies";
import { addMemberViaServices } from "./fixtures/team";
import { insertValuer } from "./fixtures/valuers";

const receiver = inject("webhookReceiverUrl");
const receiverPort = new URL(receiver).port;
const ENDPOINTS = "/api/webhooks";
const PUBLIC_ADDRESS = "93.184.215.14";

/**
 * The tests' Worker runs locally (APP_ENV=development, with test-only password hashing and the
 * local Stripe and Daraja emulators); without those values it is production.
 */
const {
  APP_ENV: _local,
  PASSWORD_HASHING: _testHashing,
  STRIPE_API_BASE: _emulator,
  MPESA_API_BASE: _daraja,
  MPESA_QUERY_DELAYS_SECONDS: _queryDelays,
  ...productionEnv
} = env as Bindings;

interface Endpoint {
  id: string;
  url: string;
  secret: string;
}

/** Adds an endpoint on the tests' Worker, which runs locally and so accepts a loopback receiver. */
const postEndpoint = (account: Account, body: Record<string, unknown>) =>
  api(ENDPOINTS, { method: "POST", token: account.token, body });

async function addEndpoint(
  account: Account,
  url: string,
  eventTypes: WebhookEventType[] = ["code.scanned"],
): Promise<Endpoint> {
  const res = await postEndpoint(account, { url, eventTypes });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return webhookEndpointCreatedSchema.parse(res.body);
}

/** A new receiver name and an endpoint pointing at it. */
async function addReceiver(account: Account, eventTypes?: WebhookEventType[], query = "") {
  const name = unique("hook");
  const endpoint = await addEndpoint(account, `${receiver}/hooks/${name}${query}`, eventTypes);
  return { name, ...endpoint };
}

/** The same request to the same Worker configured as in production. */
async function addEndpointInProduction(account: Account, url: string) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${ORIGIN}${ENDPOINTS}`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${account.token}`,
        "Content-Type": "application/json",
        "CF-Connecting-IP": randomIp(),
      },
      body: JSON.stringify({ url, eventTypes: ["code.scanned"] }),
    }),
    productionEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as { id: string; message: string; errors?: string[] } };
}

/** A code.scanned event of a new code of the account's company, named after its queue message as the scan-alert consumer names it. */
async function scanEvent(account: Account) {
  const code = await insertCode(account);
  return {
    publicId: unique("msg"),
    companyId: companyIdOf(account),
    type: "code.scanned" as const,
    codeId: code.id,
    data: { code: { id: code.publicToken }, verificationCount: 1 },
  };
}

/** Records a code.scanned event of the account's company, as the scan-alert consumer does; its deliveries' ids. */
async function recordScanEvent(account: Account) {
  const event = await scanEvent(account);
  return withDb((db) => recordWebhookEvents(db, [event]));
}

/** Runs the webhook queue's consumer as production would, on one delivery of the account's company. */
async function deliverInProduction(account: Account) {
  const [deliveryId] = await recordScanEvent(account);
  const batch = createMessageBatch<WebhookDeliveryMessage>("webhooks", [
    { id: unique("msg"), timestamp: new Date(), attempts: 1, body: { deliveryId: deliveryId!, trigger: "automatic" } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, productionEnv, ctx);
  return getQueueResult(batch, ctx);
}

async function deliveriesTo(name: string): Promise<ReceivedDelivery[]> {
  const res = await fetch(`${receiver}/deliveries/${name}`);
  return (await res.json()) as ReceivedDelivery[];
}

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const waitForDeliveries = (name: string, count: number) =>
  waitFor(
    () => deliveriesTo(name),
    (list) => list.length >= count,
  );

/** The endpoint's delivery log as the owner reads it, parsed with the schema the document publishes. */
async function logOf(account: Account, endpointId: string) {
  const res = await api(`${ENDPOINTS}/${endpointId}/attempts`, { token: account.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return webhookAttemptPageSchema.parse(res.body);
}

const waitForLog = (account: Account, endpointId: string, done: (log: Awaited<ReturnType<typeof logOf>>) => boolean) =>
  waitFor(() => logOf(account, endpointId), done);

const endpointOf = async (account: Account, endpointId: string) =>
  webhookEndpointAnswerSchema.parse((await api(`${ENDPOINTS}/${endpointId}`, { token: account.token })).body);

const storedSecret = async (endpointId: string) =>
  (
    await withDb((db) =>
      db
        .select({ secret: webhookEndpoints.secret })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.publicId, endpointId)),
    )
  )[0]!.secret;

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

/** Verified as a receiver would, with the standardwebhooks library and the secret as shown; the body it answers. */
const verified = (secret: string, delivery: ReceivedDelivery) =>
  new Webhook(secret).verify(delivery.body, standardHeaders(delivery)) as {
    type: string;
    timestamp: string;
    data: Record<string, any>;
  };

/** The first release's documented check: v1= HMAC of "<timestamp>.<raw body>", and a timestamp under 5 minutes old. */
async function verifiesAsDocumented(secret: string, delivery: ReceivedDelivery): Promise<boolean> {
  const timestamp = delivery.headers["x-valuseal-timestamp"] ?? "";
  const fresh = Math.abs(delivery.receivedAt / 1000 - Number(timestamp)) <= 5 * 60;
  const expected = `v1=${await hmacSha256Hex(secret, `${timestamp}.${delivery.body}`)}`;
  return fresh && delivery.headers["x-valuseal-signature"] === expected;
}

const runHourlyCron = () =>
  worker.scheduled(
    createScheduledController({ scheduledTime: new Date(), cron: "0 * * * *" }),
    env as Bindings,
    createExecutionContext(),
  );

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

describe("webhook endpoints", () => {
  it("adds an endpoint for chosen events, shows its secret only once, stores it encrypted, changes and removes it", async () => {
    const owner = await registerOwnerViaServices();
    const added = await postEndpoint(owner, {
      url: "https://hooks.example.com/valuseal",
      description: "  Loan system  ",
      eventTypes: ["code.revoked", "code.scanned", "code.revoked"],
    });
    expect(added.status).toBe(201);
    const created = webhookEndpointCreatedSchema.parse(added.body);
    expect(created).toEqual({
      id: expect.stringMatching(/^ep_\w{24}$/),
      url: "https://hooks.example.com/valuseal",
      description: "Loan system",
      // Once each, in the order of the list of types.
      eventTypes: ["code.scanned", "code.revoked"],
      enabled: true,
      disabledReason: null,
      failingSince: null,
      previousSecretExpiresAt: null,
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_\w{32}$/),
    });
    const stored = await storedSecret(created.id);
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(created.secret.slice("whsec_".length));

    const { secret: _secret, ...shown } = created;
    const list = await api(ENDPOINTS, { token: owner.token });
    expect(list.body).toEqual([shown]);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);

    const changed = await api(`${ENDPOINTS}/${created.id}`, {
      method: "PATCH",
      token: owner.token,
      body: { eventTypes: ["code.expired"], description: "Loan system (production)" },
    });
    expect(changed.body).toMatchObject({ eventTypes: ["code.expired"], description: "Loan system (production)" });
    const off = await api(`${ENDPOINTS}/${created.id}`, {
      method: "PATCH",
      token: owner.token,
      body: { enabled: false },
    });
    expect(off.body).toMatchObject({ enabled: false, disabledReason: "owner" });
    const on = await api(`${ENDPOINTS}/${created.id}`, {
      method: "PATCH",
      token: owner.token,
      body: { enabled: true },
    });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
    expect((await api(`${ENDPOINTS}/${created.id}`, { method: "PATCH", token: owner.token, body: {} })).body).toEqual({
      code: "invalid_request",
      message: "Validation failed",
      errors: ["Send at least one field to change"],
    });

    expect((await api(`${ENDPOINTS}/${created.id}`, { method: "DELETE", token: owner.token })).status).toBe(200);
    expect((await api(ENDPOINTS, { token: owner.token })).body).toEqual([]);
    expect((await api(`${ENDPOINTS}/${created.id}`, { token: owner.token })).status).toBe(404);
    const audited = await withDb((db) =>
      db
        .select({ action: auditLog.action, details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, "company"), eq(auditLog.targetId, companyIdOf(owner))))
        .orderBy(auditLog.id),
    );
    expect(audited).toEqual([
      {
        action: "company.webhook_added",
        details: { endpoint: created.id, url: created.url, eventTypes: ["code.scanned", "code.revoked"] },
      },
      {
        action: "company.webhook_changed",
        details: { endpoint: created.id, eventTypes: { from: ["code.scanned", "code.revoked"], to: ["code.expired"] } },
      },
      { action: "company.webhook_changed", details: { endpoint: created.id, enabled: false } },
      { action: "company.webhook_changed", details: { endpoint: created.id, enabled: true } },
      { action: "company.webhook_removed", details: { endpoint: created.id, url: created.url } },
    ]);
  });

  it("names each wrong field, and holds a company to 10 endpoints", async () => {
    const owner = await registerOwnerViaServices();
    const refused = await postEndpoint(owner, { url: "https://hooks.example.com/x", eventTypes: [] });
    expect(refused.body.errors).toEqual(["eventTypes: Choose at least one event"]);
    const unknown = await postEndpoint(owner, { url: "https://hooks.example.com/x", eventTypes: ["code.deleted"] });
    expect(unknown.body.errors).toEqual(["eventTypes.0: Choose an event type from the list"]);
    const extra = await postEndpoint(owner, { url: "https://hooks.example.com/x", eventTypes: ["code.issued"], x: 1 });
    expect(extra.status).toBe(400);
    for (let index = 0; index < 10; index += 1) await addEndpoint(owner, `https://hooks.example.com/${index}`);
    const eleventh = await postEndpoint(owner, { url: "https://hooks.example.com/10", eventTypes: ["code.issued"] });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.message).toBe("A company can have 10 webhook endpoints. Remove one you no longer use first.");
  });

  it("refuses loopback, private, link-local and metadata destinations in every notation", async () => {
    const owner = await registerOwnerViaServices();
    for (const url of INTERNAL_URLS) {
      const res = await addEndpointInProduction(owner, url);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual({
        code: "invalid_request",
        message: "Validation failed",
        errors: [`url: ${WEBHOOK_URL_ERRORS.notPublic}`],
      });
    }
    // Locally only loopback is let through: the rest stay refused there too, and on a change of address.
    const endpoint = await addEndpoint(owner, "https://hooks.example.com/x");
    for (const url of INTERNAL_URLS.filter((url) => !/127\.|::1\]|localhost|0x7f|2130706433|0177/i.test(url))) {
      expect((await postEndpoint(owner, { url, eventTypes: ["code.scanned"] })).body.errors, url).toEqual([
        `url: ${WEBHOOK_URL_ERRORS.notPublic}`,
      ]);
      const moved = await api(`${ENDPOINTS}/${endpoint.id}`, { method: "PATCH", token: owner.token, body: { url } });
      expect(moved.body.errors, url).toEqual([`url: ${WEBHOOK_URL_ERRORS.notPublic}`]);
    }
    expect((await api(ENDPOINTS, { token: owner.token })).body).toHaveLength(1);
  });

  it("accepts only https on port 443, and a loopback receiver over http only where the Worker runs locally", async () => {
    const owner = await registerOwnerViaServices();
    expect(await addEndpointInProduction(owner, "https://hooks.example.com:8443/x")).toMatchObject({
      status: 400,
      body: { errors: [`url: ${WEBHOOK_URL_ERRORS.port}`] },
    });
    expect((await addEndpointInProduction(owner, "http://hooks.example.com/x")).body.errors).toEqual([
      `url: ${WEBHOOK_URL_ERRORS.notHttps}`,
    ]);
    for (const url of ["ftp://hooks.example.com/x", "not a url", "https://u:p@example.com/"]) {
      expect((await addEndpointInProduction(owner, url)).status, url).toBe(400);
    }
    const explicit = await addEndpointInProduction(owner, "https://hooks.example.com:443/x");
    expect(explicit.status).toBe(201);
    expect((await endpointOf(owner, explicit.body.id)).url).toBe("https://hooks.example.com/x");

    const loopback = `http://127.0.0.1:${receiverPort}/hook`;
    expect((await addEndpointInProduction(owner, loopback)).body.errors).toEqual([
      `url: ${WEBHOOK_URL_ERRORS.notPublic}`,
    ]);
    expect((await addEndpoint(owner, loopback)).url).toBe(loopback);
  });

  it("lets only the owner change them; members read them and their logs; other companies see nothing", async () => {
    const owner = await registerOwnerViaServices();
    const member = await addMemberViaServices(owner);
    const stranger = await registerOwnerViaServices();
    const endpoint = await addEndpoint(owner, "https://hooks.example.com/x");
    const path = `${ENDPOINTS}/${endpoint.id}`;
    expect(
      (await postEndpoint(member, { url: "https://hooks.example.com/y", eventTypes: ["code.issued"] })).status,
    ).toBe(403);
    expect((await api(path, { method: "PATCH", token: member.token, body: { enabled: false } })).status).toBe(403);
    expect((await api(path, { method: "DELETE", token: member.token })).status).toBe(403);
    expect((await api(ENDPOINTS, { token: member.token })).body).toHaveLength(1);
    expect((await api(`${path}/attempts`, { token: member.token })).status).toBe(200);
    for (const [method, route] of [
      ["GET", path],
      ["PATCH", path],
      ["DELETE", path],
      ["GET", `${path}/attempts`],
      ["POST", `${path}/deliveries/msg_x/resend`],
    ] as const) {
      const res = await api(route, {
        method,
        token: stranger.token,
        body: method === "PATCH" ? { enabled: false } : undefined,
      });
      expect(res.status, `${method} ${route}`).toBe(404);
    }
    expect((await api(ENDPOINTS, { token: stranger.token })).body).toEqual([]);
    expect((await api(ENDPOINTS)).status).toBe(401);
    expect((await endpointOf(owner, endpoint.id)).enabled).toBe(true);
  });
});

describe("deliveries", () => {
  it("POSTs each counted scan signed the Standard Webhooks way, retries a failing receiver, and logs every attempt", async () => {
    const owner = await registerOwnerViaServices();
    const hook = await addReceiver(owner, ["code.scanned"], "?failures=1");
    const code = await insertCode(owner, { propertyReference: "REF-42", propertyAddress: "12 Alert Road" });

    await scanLikePhone(code.publicToken, { userAgent: USER_AGENTS.whatsapp });
    const started = Date.now();
    const page = await scanLikePhone(code.publicToken);
    expect(page.status).toBe(200);
    // The alert is queued after the response: the scan did not wait for the failing receiver.
    expect(Date.now() - started).toBeLessThan(2000);

    const deliveries = await waitForDeliveries(hook.name, 2);
    expect(deliveries.map((delivery) => delivery.answeredStatus)).toEqual([500, 200]);
    const [failed, retried] = deliveries as [ReceivedDelivery, ReceivedDelivery];
    // Exponential backoff starts at 2 s; a retry keeps its body and its webhook-id.
    expect(retried.receivedAt - failed.receivedAt).toBeGreaterThanOrEqual(1500);
    expect(retried.body).toBe(failed.body);
    expect(retried.headers["webhook-id"]).toBe(failed.headers["webhook-id"]);
    for (const delivery of deliveries) {
      expect(delivery.headers["content-type"]).toBe("application/json");
      expect(delivery.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      // Only the endpoint kept from the first release gets that release's headers.
      expect(delivery.headers["x-valuseal-signature"]).toBeUndefined();
    }
    expect(verified(hook.secret, retried)).toEqual({
      type: "code.scanned",
      timestamp: expect.any(String),
      data: {
        code: {
          id: code.publicToken,
          url: code.qrCodeData,
          verificationCode: expect.stringMatching(/^VS-/),
          reference: "REF-42",
          externalReference: null,
          address: "12 Alert Road",
        },
        scan: { at: expect.any(String), country: null, city: null, device: "mobile" },
        verificationCount: 1,
      },
    });
    expect(() =>
      new Webhook("whsec_d3JvbmdzZWNyZXR3cm9uZ3NlY3JldA==").verify(retried.body, standardHeaders(retried)),
    ).toThrow();
    // The id is signed: the same body and signature under another id do not verify.
    expect(() =>
      new Webhook(hook.secret).verify(retried.body, { ...standardHeaders(retried), "webhook-id": "msg_other" }),
    ).toThrow();

    const log = await waitForLog(
      owner,
      hook.id,
      (log) => log.total >= 2 && log.items[0]!.deliveryOutcome === "delivered",
    );
    expect(log.items).toEqual([
      expect.objectContaining({
        eventId: retried.headers["webhook-id"],
        eventType: "code.scanned",
        attempt: 2,
        trigger: "automatic",
        statusCode: 200,
        failure: null,
        deliveryOutcome: "delivered",
      }),
      expect.objectContaining({ attempt: 1, statusCode: 500, failure: "receiver-error" }),
    ]);
    expect(log.items.every((item) => typeof item.responseMs === "number")).toBe(true);
    expect((await endpointOf(owner, hook.id)).failingSince).toBeNull();
    // Only the counted scan was sent: the WhatsApp preview was not.
    expect(await deliveriesTo(hook.name)).toHaveLength(2);
  });

  it("sends each event to the endpoints that chose it: issued, revoked and superseded", async () => {
    const owner = await registerOwnerViaServices();
    const changes = await addReceiver(owner, ["code.issued", "code.revoked", "code.superseded", "code.reinstated"]);
    const scans = await addReceiver(owner, ["code.scanned"]);
    const valuer = await insertValuer(companyIdOf(owner));
    const issue = async (reference: string) => {
      const res = await api("/api/qr-codes", {
        token: owner.token,
        body: codeInput(valuer.id, { externalReference: reference, marketValue: "45000000" }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as { id: number; publicToken: string; verificationCode: string };
    };
    const first = await issue("JOB-1");
    const second = await issue("JOB-2");
    const third = await issue("JOB-3");
    const revoke = (id: number, body: Record<string, unknown>) =>
      api(`/api/qr-codes/${id}/revoke`, { token: owner.token, body });
    expect(
      (await revoke(first.id, { reason: "Replaced after a corrected land size", supersededByCodeId: second.id }))
        .status,
    ).toBe(200);
    expect((await revoke(third.id, { reason: "Issued in error" })).status).toBe(200);
    const reinstated = await api(`/api/qr-codes/${third.id}/reinstate`, {
      token: owner.token,
      body: { reason: "Revoked by mistake" },
    });
    expect(reinstated.status).toBe(200);

    const received = (await waitForDeliveries(changes.name, 6)).map((delivery) => verified(changes.secret, delivery));
    expect(received.map((event) => event.type).sort()).toEqual([
      "code.issued",
      "code.issued",
      "code.issued",
      "code.reinstated",
      "code.revoked",
      "code.superseded",
    ]);
    expect(received.find((event) => event.type === "code.reinstated")!.data).toMatchObject({
      code: { id: third.publicToken, externalReference: "JOB-3" },
      reason: "Revoked by mistake",
    });
    expect(
      received.find((event) => event.data.code.externalReference === "JOB-1" && event.type === "code.issued")!.data,
    ).toEqual({
      code: {
        id: first.publicToken,
        url: `${ORIGIN}/v/${first.publicToken}`,
        verificationCode: first.verificationCode,
        reference: expect.any(String),
        externalReference: "JOB-1",
        address: expect.any(String),
      },
      propertyType: "Real Estate",
      marketValue: "45000000.00",
      currency: expect.any(String),
      valuationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      validUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(received.find((event) => event.type === "code.superseded")!.data).toMatchObject({
      code: { id: first.publicToken, externalReference: "JOB-1" },
      reason: "Replaced after a corrected land size",
      revokedAt: expect.any(String),
      supersededBy: { id: second.publicToken, externalReference: "JOB-2" },
    });
    expect(received.find((event) => event.type === "code.revoked")!.data).toMatchObject({
      code: { id: third.publicToken },
      reason: "Issued in error",
    });
    expect(await deliveriesTo(scans.name)).toEqual([]);
  });

  it("fires code.issued for every code a batch issues, and none for the codes it already had", async () => {
    const owner = await registerOwnerViaServices();
    const hook = await addReceiver(owner, ["code.issued"]);
    const valuer = await insertValuer(companyIdOf(owner));
    const rows = ["B-1", "B-2", "B-3"].map((reference) => codeInput(valuer.id, { externalReference: reference }));
    expect((await api("/api/qr-codes/batch", { token: owner.token, body: { codes: rows.slice(0, 2) } })).status).toBe(
      200,
    );
    expect((await api("/api/qr-codes/batch", { token: owner.token, body: { codes: rows } })).status).toBe(200);
    const deliveries = await waitForDeliveries(hook.name, 3);
    const references = deliveries.map((delivery) => verified(hook.secret, delivery).data.code.externalReference);
    expect(references.sort()).toEqual(["B-1", "B-2", "B-3"]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await deliveriesTo(hook.name)).toHaveLength(3);
  });

  it("tells a sealed code's firm when a checked copy differs from what was sealed", async () => {
    const owner = await registerOwnerViaServices();
    const hook = await addReceiver(owner, ["seal.check_mismatch"]);
    const code = await insertCode(owner);
    const page = (n: number) => createHash("sha256").update(`page ${n} of 3`).digest("hex");
    const sealed = { sha256: "a".repeat(64), pageFingerprints: [page(1), page(2), page(3)] };
    expect((await api(`/api/qr-codes/${code.id}/seals`, { token: owner.token, body: sealed })).status).toBe(201);
    const check = (body: unknown, ip = randomIp()) =>
      api(`/api/public/certificates/${code.publicToken}/check`, { body, ip });
    // The sealed file itself: nothing to report.
    expect((await check(sealed)).body.verdict).toBe("exact");
    const altered = { sha256: "b".repeat(64), pageFingerprints: [page(1), "c".repeat(64), page(3)] };
    const ip = randomIp();
    expect((await check(altered, ip)).body.verdict).toBe("pages-differ");
    // The same visitor dropping it again within the hour, or another file, is the same event.
    expect((await check({ ...altered, sha256: "d".repeat(64) }, ip)).body.verdict).toBe("pages-differ");
    const [delivery, ...more] = await waitForDeliveries(hook.name, 1);
    expect(verified(hook.secret, delivery!)).toMatchObject({
      type: "seal.check_mismatch",
      data: {
        code: { id: code.publicToken },
        verdict: "pages-differ",
        differingPages: [2],
        closestVersion: 1,
        latestVersion: 1,
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(more).toEqual([]);
    expect(await deliveriesTo(hook.name)).toHaveLength(1);
  });

  it("announces a code's expiry once, from the hourly cron", async () => {
    const owner = await registerOwnerViaServices();
    const hook = await addReceiver(owner, ["code.expired"]);
    const expired = await insertCode(owner, { validUntil: new Date(Date.now() - 2 * DAY_MS) });
    await insertCode(owner, { validUntil: new Date(Date.now() + 30 * DAY_MS) });
    await insertCode(owner, { validUntil: new Date(Date.now() - 20 * DAY_MS) });
    await runHourlyCron();
    await runHourlyCron();
    const [delivery] = await waitForDeliveries(hook.name, 1);
    expect(verified(hook.secret, delivery!)).toMatchObject({
      type: "code.expired",
      data: { code: { id: expired.publicToken }, validUntil: expired.validUntil!.toISOString().slice(0, 10) },
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Once: the second run found it announced, and a code that expired weeks ago is not news.
    expect(await deliveriesTo(hook.name)).toHaveLength(1);
  });

  it("resends a delivery from the log with the same webhook-id and body", async () => {
    const owner = await registerOwnerViaServices();
    const hook = await addReceiver(owner, ["code.scanned"]);
    await scanLikePhone((await insertCode(owner)).publicToken);
    const [first] = await waitForDeliveries(hook.name, 1);
    const eventId = first!.headers["webhook-id"]!;
    await waitForLog(owner, hook.id, (log) => log.items[0]?.deliveryOutcome === "delivered");

    const resent = await api(`${ENDPOINTS}/${hook.id}/deliveries/${eventId}/resend`, {
      method: "POST",
      token: owner.token,
    });
    expect(resent.status).toBe(202);
    const [, again] = await waitForDeliveries(hook.name, 2);
    expect(again!.headers["webhook-id"]).toBe(eventId);
    expect(again!.body).toBe(first!.body);
    expect(verified(hook.secret, again!).type).toBe("code.scanned");
    const log = await waitForLog(owner, hook.id, (log) => log.total >= 2);
    expect(log.items[0]).toMatchObject({ eventId, attempt: 2, trigger: "resend", statusCode: 200 });
    // One resend of a delivery on its way at a time.
    await withDb((db) =>
      db
        .update(webhookDeliveries)
        .set({ resendRequestedAt: sql`now()` })
        .where(eq(webhookDeliveries.eventId, sql`(SELECT id FROM webhook_events WHERE public_id = ${eventId})`)),
    );
    const busy = await api(`${ENDPOINTS}/${hook.id}/deliveries/${eventId}/resend`, {
      method: "POST",
      token: owner.token,
    });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe("A resend of this delivery is already on its way.");

    // An event the endpoint never had, and a turned-off endpoint, are refused.
    expect(
      (await api(`${ENDPOINTS}/${hook.id}/deliveries/msg_unknown/resend`, { method: "POST", token: owner.token }))
        .status,
    ).toBe(404);
    await api(`${ENDPOINTS}/${hook.id}`, { method: "PATCH", token: owner.token, body: { enabled: false } });
    const refused = await api(`${ENDPOINTS}/${hook.id}/deliveries/${eventId}/resend`, {
      method: "POST",
      token: owner.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This endpoint is turned off. Turn it on to resend deliveries.");
  });

  it("sends a test event to one endpoint alone, and logs what was sent and what came back", async () => {
    const owner = await registerOwnerViaServices();
    const failing = await addReceiver(owner, ["code.scanned"], "?failures=1");
    const other = await addReceiver(owner, ["code.scanned"]);
    const sent = await api(`${ENDPOINTS}/${failing.id}/test`, { method: "POST", token: owner.token });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toMatchObject({ message: "Test event queued", eventId: expect.stringMatching(/^msg_/) });
    const [first, retried] = await waitForDeliveries(failing.name, 2);
    expect(first!.headers["webhook-id"]).toBe(sent.body.eventId);
    expect(verified(failing.secret, retried!)).toMatchObject({
      type: "webhook.test",
      data: { endpoint: failing.id, message: expect.stringContaining("A test event from ValuSeal") },
    });
    const log = await waitForLog(owner, failing.id, (page) => page.total >= 2);
    expect(log.items).toEqual([
      expect.objectContaining({ eventType: "webhook.test", attempt: 2, statusCode: 200, responseBody: "ok" }),
      expect.objectContaining({ attempt: 1, statusCode: 500, responseBody: "receiver failure" }),
    ]);
    // The body the log shows is the body that was sent, byte for byte.
    expect(log.items[0]!.requestBody).toBe(retried!.body);
    // Sent to that endpoint alone, and never to one subscribed to every event.
    expect(await deliveriesTo(other.name)).toEqual([]);
    expect((await logOf(owner, other.id)).total).toBe(0);

    // A long answer is kept to its first 2 KB.
    const chatty = await addReceiver(owner, ["code.scanned"], "?answerBytes=5000");
    await api(`${ENDPOINTS}/${chatty.id}/test`, { method: "POST", token: owner.token });
    const [kept] = (await waitForLog(owner, chatty.id, (page) => page.total >= 1)).items;
    expect(kept!.responseBody).toBe("x".repeat(2048));

    // Owner only, on an endpoint that is on.
    const member = await addMemberViaServices(owner);
    expect((await api(`${ENDPOINTS}/${other.id}/test`, { method: "POST", token: member.token })).status).toBe(403);
    await api(`${ENDPOINTS}/${other.id}`, { method: "PATCH", token: owner.token, body: { enabled: false } });
    const off = await api(`${ENDPOINTS}/${other.id}/test`, { method: "POST", token: owner.token });
    expect(off.status).toBe(409);
    expect(off.body.message).toBe("This endpoint is turned off. Turn it on to send a test event.");
    const rival = await registerOwnerViaServices();
    expect((await api(`${ENDPOINTS}/${other.id}/test`, { method: "POST", token: rival.token })).status).toBe(404);
  });

  it("rotates the signing secret: both sign for a day, or the new one alone at once", async () => {
    const owner = await registerOwnerViaServices();
    const hook = await addReceiver(owner, ["code.scanned"]);
    const rotate = (previousSecretHours?: number) =>
      api(`${ENDPOINTS}/${hook.id}/secret`, {
        method: "POST",
        token: owner.token,
        body: previousSecretHours === undefined ? {} : { previousSecretHours },
      });
    const testEvent = async (count: number) => {
      await api(`${ENDPOINTS}/${hook.id}/test`, { method: "POST", token: owner.token });
      return (await waitForDeliveries(hook.name, count))[count - 1]!;
    };

    const leisurely = await rotate();
    expect(leisurely.status, JSON.stringify(leisurely.body)).toBe(200);
    const second = webhookEndpointCreatedSchema.parse(leisurely.body);
    expect(second.secret).toMatch(/^whsec_/);
    expect(second.secret).not.toBe(hook.secret);
    const until = Date.parse(second.previousSecretExpiresAt!);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    const duringRotation = await testEvent(1);
    expect(verified(hook.secret, duringRotation).type).toBe("webhook.test");
    expect(verified(second.secret, duringRotation).type).toBe("webhook.test");

    // A leaked secret stops at once: only the newest signs.
    const third = webhookEndpointCreatedSchema.parse((await rotate(0)).body);
    expect(third.previousSecretExpiresAt).toBeNull();
    expect((await endpointOf(owner, hook.id)).previousSecretExpiresAt).toBeNull();
    const afterLeak = await testEvent(2);
    expect(verified(third.secret, afterLeak).type).toBe("webhook.test");
    for (const old of [hook.secret, second.secret]) expect(() => verified(old, afterLeak)).toThrow();

    // A replaced secret that has run out signs nothing.
    await rotate(24);
    await withDb((db) =>
      db
        .update(webhookEndpoints)
        .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(webhookEndpoints.publicId, hook.id)),
    );
    expect((await endpointOf(owner, hook.id)).previousSecretExpiresAt).toBeNull();
    const expired = await testEvent(3);
    expect(String(expired.headers["webhook-signature"]).split(" ")).toHaveLength(1);

    const audited = await withDb((db) =>
      db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.action, "company.webhook_secret_rotated"), eq(auditLog.targetId, companyIdOf(owner))))
        .orderBy(auditLog.id),
    );
    expect(audited.map((row) => row.details)).toEqual([
      { endpoint: hook.id, previousSecretHours: 24 },
      { endpoint: hook.id, previousSecretHours: 0 },
      { endpoint: hook.id, previousSecretHours: 24 },
    ]);
    const wrong = await rotate(12);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual(["previousSecretHours: Choose 0 or 24 hours"]);
    const member = await addMemberViaServices(owner);
    expect(
      (await api(`${ENDPOINTS}/${hook.id}/secret`, { method: "POST", token: member.token, body: {} })).status,
    ).toBe(403);
  });

  it("turns an endpoint off when a delivery finally fails after a day of failures, and emails the owner", async () => {
    const owner = await registerOwnerViaServices();
    const failing = await addReceiver(owner, ["code.scanned"], "?failures=1000");
    const code = await insertCode(owner);
    await scanLikePhone(code.publicToken);
    const pending = await waitForLog(owner, failing.id, (log) => log.total >= 1);
    expect(pending.items[0]).toMatchObject({ statusCode: 500, failure: "receiver-error", deliveryOutcome: "pending" });
    expect((await endpointOf(owner, failing.id)).failingSince).not.toBeNull();

    // A day of failures later (the failures' start moved back a day): a failed attempt with retries
    // left does not turn it off; the last attempt of a delivery does.
    await withDb((db) =>
      db
        .update(webhookEndpoints)
        .set({ failingSince: sql`now() - interval '25 hours'` })
        .where(eq(webhookEndpoints.publicId, failing.id)),
    );
    const [deliveryId] = await recordScanEvent(owner);
    const attempt = async (attempts: number) => {
      const batch = createMessageBatch<WebhookDeliveryMessage>("webhooks", [
        { id: unique("msg"), timestamp: new Date(), attempts, body: { deliveryId: deliveryId!, trigger: "automatic" } },
      ]);
      await worker.queue(batch, env as Bindings, createExecutionContext());
      return getQueueResult(batch, createExecutionContext());
    };
    expect((await attempt(1)).retryMessages).toHaveLength(1);
    expect((await endpointOf(owner, failing.id)).enabled).toBe(true);
    expect((await attempt(11)).retryMessages).toEqual([]);
    expect(await endpointOf(owner, failing.id)).toMatchObject({ enabled: false, disabledReason: "failing" });
    const email = await waitForEmail(owner.email, "was turned off");
    expect(email.text).toContain(`Deliveries to ${failing.url} have failed for a day`);

    // Nothing more is sent to it, not even the retries already queued.
    const sent = (await deliveriesTo(failing.name)).length;
    await scanLikePhone(code.publicToken, { ip: randomIp() });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await deliveriesTo(failing.name)).toHaveLength(sent);

    const on = await api(`${ENDPOINTS}/${failing.id}`, {
      method: "PATCH",
      token: owner.token,
      body: { enabled: true },
    });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  }, 60_000);

  it("drops what was queued for an endpoint turned off, and the hourly cron never sends it again", async () => {
    const owner = await registerOwnerViaServices();
    const hook = await addReceiver(owner, ["code.scanned"]);
    const [deliveryId] = await recordScanEvent(owner);
    await api(`${ENDPOINTS}/${hook.id}`, { method: "PATCH", token: owner.token, body: { enabled: false } });
    const batch = createMessageBatch<WebhookDeliveryMessage>("webhooks", [
      {
        id: unique("msg"),
        timestamp: new Date(),
        attempts: 1,
        body: { deliveryId: deliveryId!, trigger: "automatic" },
      },
    ]);
    await worker.queue(batch, env as Bindings, createExecutionContext());
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toHaveLength(1);
    const outcome = async () =>
      (
        await withDb((db) =>
          db
            .select({ outcome: webhookDeliveries.outcome })
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.id, deliveryId!)),
        )
      )[0]!.outcome;
    expect(await outcome()).toBe("failed");
    // Turned on again and a sweep later, the dropped delivery stays dropped.
    await api(`${ENDPOINTS}/${hook.id}`, { method: "PATCH", token: owner.token, body: { enabled: true } });
    await withDb((db) =>
      db
        .update(webhookDeliveries)
        .set({ createdAt: sql`now() - interval '11 minutes'` })
        .where(eq(webhookDeliveries.id, deliveryId!)),
    );
    await runHourlyCron();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await deliveriesTo(hook.name)).toEqual([]);
    expect(await outcome()).toBe("failed");
  });

  it("audits a new address, tells the owner, and never resends earlier events to it", async () => {
    const owner = await registerOwnerViaServices();
    const hook = await addReceiver(owner, ["code.scanned"]);
    await scanLikePhone((await insertCode(owner)).publicToken);
    const [first] = await waitForDeliveries(hook.name, 1);
    const eventId = first!.headers["webhook-id"]!;
    await waitForLog(owner, hook.id, (log) => log.items[0]?.deliveryOutcome === "delivered");

    const moved = `${receiver}/hooks/${unique("moved")}`;
    const changed = await api(`${ENDPOINTS}/${hook.id}`, { method: "PATCH", token: owner.token, body: { url: moved } });
    expect(changed.body.url).toBe(moved);
    const email = await waitForEmail(owner.email, "now sends to a new address");
    expect(email.text).toContain(`that sent events to ${hook.url} now sends them to ${moved}`);
    const [audited] = await withDb((db) =>
      db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.action, "company.webhook_changed"), eq(auditLog.targetId, companyIdOf(owner)))),
    );
    expect(audited!.details).toEqual({ endpoint: hook.id, url: { from: hook.url, to: moved } });

    const resent = await api(`${ENDPOINTS}/${hook.id}/deliveries/${eventId}/resend`, {
      method: "POST",
      token: owner.token,
    });
    expect(resent.status).toBe(409);
    expect(resent.body.message).toBe(
      "This event happened before the endpoint's address changed: it is not sent to the new address.",
    );
  });

  it("lets a deactivated company turn an endpoint off, and nothing else", async () => {
    const owner = await registerOwnerViaServices();
    const endpoint = await addEndpoint(owner, "https://hooks.example.com/x");
    await setCompanyActiveInDb(companyIdOf(owner), false);
    const path = `${ENDPOINTS}/${endpoint.id}`;
    expect((await api(path, { method: "PATCH", token: owner.token, body: { description: "Still here" } })).status).toBe(
      403,
    );
    const off = await api(path, { method: "PATCH", token: owner.token, body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body.enabled).toBe(false);
    expect((await api(path, { method: "PATCH", token: owner.token, body: { enabled: true } })).status).toBe(403);
  });

  it("keeps the first release's body and headers for the webhook moved from it, and encrypts a plaintext secret", async () => {
    const owner = await registerOwnerViaServices();
    const name = unique("hook");
    // As migration 0018 moves a first-release webhook: its secret as stored then, here still plaintext.
    const plaintext = `whsec_${unique("legacy").replace(/\W/g, "").padEnd(32, "0").slice(0, 32)}`;
    const publicId = `ep_${unique("moved").replace(/\W/g, "").padEnd(24, "0").slice(0, 24)}`;
    await withDb((db) =>
      db.insert(webhookEndpoints).values({
        publicId,
        companyId: companyIdOf(owner),
        url: `${receiver}/hooks/${name}`,
        secret: plaintext,
        eventTypes: ["code.scanned"],
        firstReleaseFormat: true,
      }),
    );
    const code = await insertCode(owner, { propertyReference: "REF-43" });
    await scanLikePhone(code.publicToken);
    const [delivery] = await waitForDeliveries(name, 1);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      event: "code.scanned",
      code: { id: code.publicToken, reference: "REF-43" },
      scan: { device: "mobile" },
      verificationCount: 1,
    });
    expect(new Webhook(plaintext).verify(delivery!.body, standardHeaders(delivery!))).toEqual(
      JSON.parse(delivery!.body),
    );
    expect(delivery!.headers["x-valuseal-event"]).toBe("code.scanned");
    expect(delivery!.headers["x-valuseal-delivery"]).toBe(delivery!.headers["webhook-id"]);
    expect(await verifiesAsDocumented(plaintext, delivery!)).toBe(true);
    expect(await verifiesAsDocumented("whsec_wrong", delivery!)).toBe(false);
    // The timestamp is signed: the same body under another timestamp does not verify.
    const replayed = {
      ...delivery!,
      headers: { ...delivery!.headers, "x-valuseal-timestamp": String(Date.now() / 1000) },
    };
    expect(await verifiesAsDocumented(plaintext, replayed)).toBe(false);
    expect(
      await waitFor(
        () => storedSecret(publicId),
        (stored) => stored !== plaintext,
      ),
    ).toMatch(/^enc:v1:/);
  });

  it("gives a retried queue consumer the deliveries its earlier attempt recorded but never queued", async () => {
    const owner = await registerOwnerViaServices();
    await addReceiver(owner, ["code.scanned"]);
    // The scan alert consumer names each event after its queue message, so a retry records nothing new.
    const event = await scanEvent(owner);
    const first = await withDb((db) => recordWebhookEvents(db, [event]));
    expect(first).toHaveLength(1);
    // The attempt failed before queueing: the retry is answered the same delivery, not nothing.
    expect(await withDb((db) => recordWebhookEvents(db, [event]))).toEqual(first);
    await withDb((db) =>
      db
        .update(webhookDeliveries)
        .set({ queuedAt: sql`now()` })
        .where(eq(webhookDeliveries.id, first[0]!)),
    );
    // Once queued, a later retry leaves it to the queue.
    expect(await withDb((db) => recordWebhookEvents(db, [event]))).toEqual([]);
  });

  it("sends a delivery once when two requests holding it both queue it", async () => {
    const owner = await registerOwnerViaServices();
    const hook = await addReceiver(owner, ["code.scanned"]);
    // A repeated event (one visitor's second check of an altered copy within the hour) is answered
    // the first request's delivery while that request has yet to queue it.
    const event = await scanEvent(owner);
    const first = await withDb((db) => recordWebhookEvents(db, [event]));
    const second = await withDb((db) => recordWebhookEvents(db, [event]));
    expect(second).toEqual(first);
    await withDb((db) => claimAndQueueDeliveries(env as Bindings, db, first));
    await withDb((db) => claimAndQueueDeliveries(env as Bindings, db, second));
    await waitForDeliveries(hook.name, 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await deliveriesTo(hook.name)).toHaveLength(1);
  });

  it("sends, from the hourly cron, a delivery claimed for the queue but never tried", async () => {
    const owner = await registerOwnerViaServices();
    const hook = await addReceiver(owner, ["code.scanned"]);
    // Claimed by a Worker that ended before its queue send: marked queued, never attempted.
    const [deliveryId] = await recordScanEvent(owner);
    await withDb((db) =>
      db
        .update(webhookDeliveries)
        .set({ createdAt: sql`now() - interval '11 minutes'`, queuedAt: sql`now() - interval '11 minutes'` })
        .where(eq(webhookDeliveries.id, deliveryId!)),
    );
    await runHourlyCron();
    const [delivery] = await waitForDeliveries(hook.name, 1);
    expect(verified(hook.secret, delivery!).type).toBe("code.scanned");
  });

  it("queues, from the hourly cron, a delivery whose queue message was never sent", async () => {
    const owner = await registerOwnerViaServices();
    const hook = await addReceiver(owner, ["code.scanned"]);
    // Recorded, as a request's transaction does, but its message lost on the way to the queue.
    const [deliveryId] = await recordScanEvent(owner);
    await withDb((db) =>
      db
        .update(webhookDeliveries)
        .set({ createdAt: sql`now() - interval '11 minutes'` })
        .where(eq(webhookDeliveries.id, deliveryId!)),
    );
    await runHourlyCron();
    const [delivery] = await waitForDeliveries(hook.name, 1);
    expect(verified(hook.secret, delivery!).type).toBe("code.scanned");
  });

  it("deletes events and their logs after 30 days, from the hourly cron", async () => {
    const owner = await registerOwnerViaServices();
    const hook = await addReceiver(owner, ["code.scanned"]);
    const [deliveryId] = await recordScanEvent(owner);
    const eventOf = async () =>
      withDb((db) =>
        db
          .select({ id: webhookDeliveries.eventId })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, deliveryId!)),
      );
    const [event] = await eventOf();
    await withDb((db) =>
      db
        .update(webhookEvents)
        .set({ createdAt: sql`now() - interval '31 days'` })
        .where(eq(webhookEvents.id, event!.id)),
    );
    await runHourlyCron();
    expect(await eventOf()).toEqual([]);
    expect((await endpointOf(owner, hook.id)).enabled).toBe(true);
  });

  describe("a host name, resolved before each delivery", () => {
    // The tests' receiver is on loopback and only `localhost` leads there, so these tests decide what
    // the resolver answers for it; the Worker connects wherever the system resolves it.
    afterEach(() => setDnsRecords("localhost", { A: ["127.0.0.1"], AAAA: ["::1"] }));

    it("is delivered to when every address it resolves to is public", async () => {
      const owner = await registerOwnerViaServices();
      const name = unique("hook");
      const endpoint = await addEndpoint(owner, `http://localhost:${receiverPort}/hooks/${name}`);
      await setDnsRecords("localhost", { A: [PUBLIC_ADDRESS], AAAA: [] });
      await scanLikePhone((await insertCode(owner)).publicToken);
      const [delivery] = await waitForDeliveries(name, 1);
      expect(verified(endpoint.secret, delivery!).type).toBe("code.scanned");
    });

    it("is not contacted when it resolves to an internal address", async () => {
      const owner = await registerOwnerViaServices();
      const name = unique("hook");
      const endpoint = await addEndpoint(owner, `http://localhost:${receiverPort}/hooks/${name}`);
      // One internal address among public ones is enough to refuse.
      await setDnsRecords("localhost", { A: [PUBLIC_ADDRESS, "10.0.0.5"], AAAA: [] });
      await scanLikePhone((await insertCode(owner)).publicToken);
      const log = await waitForLog(owner, endpoint.id, (log) => log.total >= 1);
      expect(log.items[0]).toMatchObject({
        statusCode: null,
        responseMs: null,
        failure: "address-not-allowed",
        deliveryOutcome: "failed",
      });
      expect(await deliveriesTo(name)).toEqual([]);
    });
  });

  describe("under the production setting", () => {
    it("does not contact a loopback receiver saved while the Worker ran locally", async () => {
      const owner = await registerOwnerViaServices();
      const hook = await addReceiver(owner, ["code.scanned"]);
      const result = await deliverInProduction(owner);
      // Refused for good: the owner has to change the URL, so it is not retried.
      expect(result.retryMessages).toEqual([]);
      expect(result.explicitAcks).toHaveLength(1);
      expect((await logOf(owner, hook.id)).items[0]).toMatchObject({
        failure: "address-not-allowed",
        deliveryOutcome: "failed",
      });
      expect(await deliveriesTo(hook.name)).toEqual([]);
    });

    it("refuses a public-looking name that resolves to a loopback or private address", async () => {
      for (const records of [{ A: [PUBLIC_ADDRESS], AAAA: ["::1"] }, { A: ["10.0.0.5"] }]) {
        const owner = await registerOwnerViaServices();
        const host = `${unique("alerts")}.valuseal-receivers.com`;
        const added = await addEndpointInProduction(owner, `https://${host}/hook`);
        expect(added.status).toBe(201);
        await setDnsRecords(host, records);
        const result = await deliverInProduction(owner);
        expect(result.retryMessages).toEqual([]);
        expect((await logOf(owner, added.body.id)).items[0]).toMatchObject({ failure: "address-not-allowed" });
      }
    });

    it("treats a name that does not resolve as no answer, and tries again later", async () => {
      const owner = await registerOwnerViaServices();
      const added = await addEndpointInProduction(owner, `https://${unique("gone")}.valuseal-receivers.com/`);
      expect(added.status).toBe(201);
      const result = await deliverInProduction(owner);
      expect(result.retryMessages).toHaveLength(1);
      expect((await logOf(owner, added.body.id)).items[0]).toMatchObject({
        statusCode: null,
        failure: "no-answer",
        deliveryOutcome: "pending",
      });
    });
  });
});

describe("a flood of scans of one code", () => {
  it(`records at most ${SCAN_WEBHOOK_EVENTS_PER_HOUR} code.scanned events for it in an hour, the same however often the batch is tried`, async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    await withDb((db) =>
      db.insert(webhookEndpoints).values({
        publicId: `ep_${unique("flood").replace(/\W/g, "").padEnd(24, "0").slice(0, 24)}`,
        companyId: companyIdOf(owner),
        url: "https://receiver.example.com/scans",
        secret: "sealed",
        eventTypes: ["code.scanned"],
      }),
    );
    // The hour's counted scans as the scan path logs them, one visitor each, a second apart.
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const times = Array.from({ length: SCAN_WEBHOOK_EVENTS_PER_HOUR + 5 }, (_, n) => new Date(hour + n * 1000));
    await withDb((db) =>
      db.insert(scanEvents).values(
        times.map((scannedAt, n) => ({
          qrCodeId: code.id,
          companyId: code.companyId,
          scannedAt,
          deviceClass: "mobile" as const,
          visitorHash: n.toString(16).padStart(64, "0"),
        })),
      ),
    );
    const batch = () =>
      createMessageBatch<ScanAlertMessage>(
        "scan-alerts",
        times.map((at, n) => ({
          id: `flood-${code.id}-${n}`,
          timestamp: at,
          attempts: 1,
          body: {
            companyId: code.companyId,
            codeId: code.id,
            alert: {
              event: "code.scanned",
              code: {
                id: code.publicToken,
                url: `${ORIGIN}/v/${code.publicToken}`,
                verificationCode: code.verificationCode,
                reference: null,
                externalReference: null,
                address: "Plot 12, Riverside Drive",
              },
              scan: { at: at.toISOString(), country: "KE", city: null, device: "mobile" },
              verificationCount: n + 1,
            },
          },
        })),
      );
    const events = () =>
      withDb((db) =>
        db.$count(webhookEvents, and(eq(webhookEvents.qrCodeId, code.id), eq(webhookEvents.type, "code.scanned"))),
      );
    await worker.queue(batch(), productionEnv, createExecutionContext());
    expect(await events()).toBe(SCAN_WEBHOOK_EVENTS_PER_HOUR);
    await worker.queue(batch(), productionEnv, createExecutionContext());
    expect(await events()).toBe(SCAN_WEBHOOK_EVENTS_PER_HOUR);
  });
});
