import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { WebhookAttemptPage, WebhookEndpointAnswer, WebhookEndpointCreated } from "../../schema/api-v1";
import {
  DAY_MS,
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookAttemptTrigger,
  type WebhookDeliveryFailure,
  type WebhookDeliveryOutcome,
  type WebhookEventType,
} from "../../schema/limits";
import { companies, users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "../../schema/tables";
import {
  webhookUrlProblem,
  type webhookEndpointSchema,
  type webhookEndpointUpdateSchema,
} from "../../schema/validation/webhook";
import type { z } from "zod";
import { readConfig, type Config } from "../config";
import { connectDatabase, type Database, type Queryable, type Transaction } from "../db";
import type { AppEnv, Bindings } from "../env";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { pageRange } from "../lib/pagination";
import { randomToken } from "../lib/random";
import { checkDestination } from "../lib/webhook-destination";
import {
  decryptWebhookSecret,
  encryptWebhookSecret,
  isEncryptedSecret,
  WEBHOOK_SECRET_PREFIX,
} from "../lib/webhook-secret";
import { signLegacyWebhook, signStandardWebhook } from "../lib/webhook-signatures";
import { formatVerificationCode } from "../../schema/verification-code";
import { recordAudit } from "./audit";
import { queueEmailsNow } from "./email";

/**
 * Webhook endpoints, their events and the delivery log.
 *
 * An event is written with one delivery row per subscribed endpoint in the same statement as (or
 * the same transaction as) the change it reports, then one queue message per delivery is sent
 * after the response. A message that never got sent is found by the hourly sweep, so an event is
 * delivered even when the queue was unreachable at that moment.
 */

/** The queue message: which delivery to attempt, and whether the owner asked for it from the log. */
export interface WebhookDeliveryMessage {
  deliveryId: number;
  trigger: WebhookAttemptTrigger;
}

/** The Standard Webhooks headers (standardwebhooks.com), which receivers verify with that project's libraries. */
export const WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;

/**
 * The first release's headers, sent only to the endpoint moved from that release's single webhook
 * (`firstReleaseFormat`), until 2027-06-30: the same id and timestamp, and its own signature.
 */
export const LEGACY_WEBHOOK_HEADERS = {
  signature: "X-ValuSeal-Signature",
  timestamp: "X-ValuSeal-Timestamp",
  delivery: "X-ValuSeal-Delivery",
  event: "X-ValuSeal-Event",
} as const;

const WEBHOOK_TIMEOUT_MS = 5000;
/** Backoff doubles from 2 s and is capped at 15 min; with max_retries = 10 a receiver has ~30 min. */
const MAX_RETRY_DELAY_SECONDS = 15 * 60;
/** The first attempt plus the queue's max_retries (wrangler.toml): after this one the delivery has failed. */
const MAX_DELIVERY_ATTEMPTS = 11;
/** A receiver failing this long (across deliveries) is turned off, and the owner told. */
const FAILING_DISABLE_MS = DAY_MS;
/** Events and their delivery logs are kept this long. */
const EVENT_RETENTION_DAYS = 30;
/** A delivery whose queue message was not sent within this is sent again by the hourly sweep. */
const UNSENT_AFTER_MINUTES = 10;
/** Queue.sendBatch takes at most 100 messages. */
const QUEUE_BATCH = 100;
const PUBLIC_ID_FORMAT = /^ep_[A-Za-z0-9]{24,32}$/;
const EVENT_ID_FORMAT = /^msg_[A-Za-z0-9_-]{1,60}$/;

export const ENDPOINT_NOT_FOUND = "Webhook endpoint not found";

export const retryDelaySeconds = (attempts: number) => Math.min(2 ** attempts, MAX_RETRY_DELAY_SECONDS);

type Actor = { id: number; email: string };

/** A code as every code event names it: its token (the printed address's random part), never the row id. */
export interface WebhookCode {
  id: string;
  url: string;
  verificationCode: string | null;
  reference: string | null;
  externalReference: string | null;
  address: string;
}

export interface WebhookEventInput {
  companyId: number;
  type: WebhookEventType;
  qrCodeId: number | null;
  data: Record<string, unknown>;
  /** Set when the event must be recorded once whatever happens (a queue message's id); random otherwise. */
  publicId?: string;
}

const newEventId = () => `msg_${randomToken(24)}`;

/**
 * Records events and a delivery for every enabled endpoint of the event's company subscribed to its
 * type, in one statement, and answers the deliveries' ids to send. An event no endpoint wants is
 * not stored. An event whose id (or, for code.expired, whose code) is already recorded is skipped.
 */
export async function recordWebhookEvents(db: Queryable, events: WebhookEventInput[]): Promise<number[]> {
  if (events.length === 0) return [];
  const input = events.map((event) => ({
    public_id: event.publicId ?? newEventId(),
    company_id: event.companyId,
    type: event.type,
    qr_code_id: event.qrCodeId,
    data: event.data,
  }));
  const rows = await db.execute<{ id: string }>(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        AS x(public_id text, company_id int, type text, qr_code_id int, data jsonb)
    ), event AS (
      INSERT INTO webhook_events (public_id, company_id, type, qr_code_id, data)
      SELECT input.public_id, input.company_id, input.type, input.qr_code_id, input.data FROM input
      WHERE EXISTS (
        SELECT 1 FROM webhook_endpoints endpoint
        WHERE endpoint.company_id = input.company_id AND endpoint.disabled_at IS NULL
          AND input.type = ANY(endpoint.event_types))
      ON CONFLICT DO NOTHING
      RETURNING id, company_id, type
    )
    INSERT INTO webhook_deliveries (event_id, endpoint_id)
    SELECT event.id, endpoint.id FROM event
    JOIN webhook_endpoints endpoint ON endpoint.company_id = event.company_id
      AND endpoint.disabled_at IS NULL AND event.type = ANY(endpoint.event_types)
    RETURNING id`);
  return rowsOf<{ id: string }>(rows).map((row) => Number(row.id));
}

/** drizzle's execute answers rows directly over HTTP and as `{ rows }` over the pool. */
function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}

/** Sends the deliveries' queue messages now; the hourly sweep sends any that this fails to. */
export async function sendWebhookDeliveries(
  env: Pick<Bindings, "WEBHOOKS">,
  deliveryIds: number[],
  trigger: WebhookAttemptTrigger = "automatic",
) {
  for (let index = 0; index < deliveryIds.length; index += QUEUE_BATCH) {
    await env.WEBHOOKS.sendBatch(
      deliveryIds.slice(index, index + QUEUE_BATCH).map((deliveryId) => ({
        body: { deliveryId, trigger } satisfies WebhookDeliveryMessage,
        contentType: "json" as const,
      })),
    );
  }
}

/** After the response (waitUntil): a request never waits for the queue. */
export function sendWebhookDeliveriesAfterResponse(c: Context<AppEnv>, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return;
  c.executionCtx.waitUntil(
    sendWebhookDeliveries(c.env, deliveryIds).catch((error: unknown) =>
      console.error("webhook deliveries could not be queued; the hourly sweep sends them", error),
    ),
  );
}

/**
 * The deliveries a request recorded, in the transaction of the change they report; the route sends
 * them once that transaction has committed. Ids of a transaction that rolled back name no row, and
 * the consumer skips them.
 */
export class WebhookOutbox {
  readonly deliveryIds: number[] = [];

  async record(db: Queryable, events: WebhookEventInput[]) {
    this.deliveryIds.push(...(await recordWebhookEvents(db, events)));
  }

  sendAfterResponse(c: Context<AppEnv>) {
    sendWebhookDeliveriesAfterResponse(c, this.deliveryIds);
  }
}

/** code.issued: what a receiver needs to file the code against its own job. */
export function issuedEvent(code: {
  id: number;
  companyId: number;
  publicToken: string;
  qrCodeData: string;
  verificationCode: string | null;
  propertyReference: string | null;
  externalReference: string | null;
  propertyAddress: string;
  propertyType: string;
  marketValue: string | null;
  currency: string;
  valuationDate: Date;
  validUntil: Date | null;
}): WebhookEventInput {
  return {
    companyId: code.companyId,
    type: "code.issued",
    qrCodeId: code.id,
    data: {
      code: webhookCode(code),
      propertyType: code.propertyType,
      marketValue: code.marketValue,
      currency: code.currency,
      valuationDate: code.valuationDate.toISOString().slice(0, 10),
      validUntil: code.validUntil?.toISOString().slice(0, 10) ?? null,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Endpoints

const endpointColumns = {
  id: webhookEndpoints.publicId,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  eventTypes: webhookEndpoints.eventTypes,
  disabledAt: webhookEndpoints.disabledAt,
  disabledReason: webhookEndpoints.disabledReason,
  failingSince: webhookEndpoints.failingSince,
  createdAt: webhookEndpoints.createdAt,
};

type EndpointRow = {
  id: string;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  disabledAt: Date | null;
  disabledReason: WebhookEndpointAnswer["disabledReason"];
  failingSince: Date | null;
  createdAt: Date;
};

const toAnswer = ({ disabledAt, failingSince, createdAt, ...row }: EndpointRow): WebhookEndpointAnswer => ({
  ...row,
  enabled: disabledAt === null,
  failingSince: failingSince?.toISOString() ?? null,
  createdAt: createdAt.toISOString(),
});

export async function listWebhookEndpoints(db: Database, companyId: number): Promise<WebhookEndpointAnswer[]> {
  const rows = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  return rows.map(toAnswer);
}

const endpointKey = (companyId: number, publicId: string) => {
  if (!PUBLIC_ID_FORMAT.test(publicId)) throw notFound(ENDPOINT_NOT_FOUND);
  return and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.publicId, publicId));
};

export async function getWebhookEndpoint(db: Database, companyId: number, publicId: string) {
  const [row] = await db.select(endpointColumns).from(webhookEndpoints).where(endpointKey(companyId, publicId));
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return toAnswer(row);
}

/**
 * The shared schema lets a loopback receiver through because the browser cannot know where the
 * server runs; only a Worker running locally (APP_ENV=development) accepts one.
 */
function assertAllowedDestination(url: string, config: Config) {
  const problem = webhookUrlProblem(new URL(url), { allowLoopback: config.allowsLocalReceivers });
  if (problem) throw badRequest("Validation failed", [`url: ${problem}`]);
}


/** A new endpoint; its signing secret is in this answer only (stored encrypted, never shown again). */
export async function createWebhookEndpoint(
  tx: Transaction,
  config: Config,
  owner: Actor,
  companyId: number,
  input: z.output<typeof webhookEndpointSchema>,
): Promise<WebhookEndpointCreated> {
  assertAllowedDestination(input.url, config);
  // The company's row is the lock that keeps two concurrent requests from passing the cap together.
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
  const existing = await tx.$count(webhookEndpoints, eq(webhookEndpoints.companyId, companyId));
  if (existing >= WEBHOOK_ENDPOINTS_MAX) {
    throw badRequest(`A company can have ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Remove one you no longer use first.`);
  }
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomToken(32)}`;
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({
      publicId: `ep_${randomToken(24)}`,
      companyId,
      url: input.url,
      description: input.description,
      eventTypes: input.eventTypes,
      secret: await encryptWebhookSecret(config.WEBHOOK_SECRET_KEY, companyId, secret),
    })
    .returning(endpointColumns);
  await recordAudit(tx, owner, [
    {
      action: "company.webhook_added",
      targetType: "company",
      targetId: companyId,
      details: { endpoint: row!.id, url: input.url, eventTypes: input.eventTypes },
    },
  ]);
  return { ...toAnswer(row!), secret };
}

/**
 * Changes an endpoint. Turning it back on also forgets its failures: the owner has looked at the
 * receiver, and the next failure starts a new day's count.
 */
export async function updateWebhookEndpoint(
  db: Database,
  config: Config,
  companyId: number,
  publicId: string,
  update: z.output<typeof webhookEndpointUpdateSchema>,
): Promise<WebhookEndpointAnswer> {
  const { enabled, url, description, eventTypes } = update;
  if (url !== undefined) assertAllowedDestination(url, config);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(url !== undefined ? { url } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(eventTypes !== undefined ? { eventTypes } : {}),
      ...(enabled === false
        ? {
            disabledAt: sql`coalesce(${webhookEndpoints.disabledAt}, now())`,
            disabledReason: sql`coalesce(${webhookEndpoints.disabledReason}, 'owner')`,
          }
        : {}),
      ...(enabled === true ? { disabledAt: null, disabledReason: null, failingSince: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(endpointKey(companyId, publicId))
    .returning(endpointColumns);
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return toAnswer(row);
}

export async function deleteWebhookEndpoint(tx: Transaction, owner: Actor, companyId: number, publicId: string) {
  const [row] = await tx
    .delete(webhookEndpoints)
    .where(endpointKey(companyId, publicId))
    .returning({ id: webhookEndpoints.publicId, url: webhookEndpoints.url });
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  await recordAudit(tx, owner, [
    {
      action: "company.webhook_removed",
      targetType: "company",
      targetId: companyId,
      details: { endpoint: row.id, url: row.url },
    },
  ]);
}

/** The endpoint's delivery log: every attempt, newest first, with its event and how the delivery stands. */
export async function listWebhookAttempts(
  db: Database,
  companyId: number,
  publicId: string,
  page: number,
  pageSize: number,
): Promise<WebhookAttemptPage> {
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(endpointKey(companyId, publicId));
  if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
  const { limit, offset } = pageRange(page, pageSize);
  const [items, [total]] = await Promise.all([
    db
      .select({
        eventId: webhookEvents.publicId,
        eventType: webhookEvents.type,
        attempt: webhookAttempts.attempt,
        trigger: webhookAttempts.trigger,
        attemptedAt: webhookAttempts.attemptedAt,
        statusCode: webhookAttempts.statusCode,
        responseMs: webhookAttempts.responseMs,
        failure: webhookAttempts.failure,
        deliveryOutcome: webhookDeliveries.outcome,
      })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.endpointId, endpoint.id))
      .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .where(eq(webhookDeliveries.endpointId, endpoint.id)),
  ]);
  return {
    items: items.map((item) => ({ ...item, attemptedAt: item.attemptedAt.toISOString() })),
    page,
    pageSize,
    total: total?.total ?? 0,
  };
}

/**
 * "Resend": the event to the endpoint again, as it was sent (same body, same webhook-id, so a
 * receiver that already has it can ignore it). Answers the delivery's id to queue.
 */
export async function resendWebhookDelivery(
  db: Database,
  companyId: number,
  endpointPublicId: string,
  eventPublicId: string,
): Promise<number> {
  if (!EVENT_ID_FORMAT.test(eventPublicId)) throw notFound("Delivery not found");
  const [delivery] = await db
    .select({ id: webhookDeliveries.id, disabledAt: webhookEndpoints.disabledAt })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(endpointKey(companyId, endpointPublicId), eq(webhookEvents.publicId, eventPublicId)));
  if (!delivery) throw notFound("Delivery not found");
  if (delivery.disabledAt) throw new ApiError(409, "This endpoint is turned off. Turn it on to resend deliveries.");
  return delivery.id;
}

// ---------------------------------------------------------------------------------------------
// Delivery (the WEBHOOKS queue's consumer)

interface DeliveryTarget {
  deliveryId: number;
  endpointId: number;
  companyId: number;
  url: string;
  storedSecret: string;
  firstReleaseFormat: boolean;
  disabled: boolean;
  eventId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
  createdAt: Date;
}

async function loadTargets(db: Database, deliveryIds: number[]): Promise<Map<number, DeliveryTarget>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await db
    .select({
      deliveryId: webhookDeliveries.id,
      endpointId: webhookEndpoints.id,
      companyId: webhookEndpoints.companyId,
      url: webhookEndpoints.url,
      storedSecret: webhookEndpoints.secret,
      firstReleaseFormat: webhookEndpoints.firstReleaseFormat,
      disabled: sql<boolean>`${webhookEndpoints.disabledAt} IS NOT NULL`,
      eventId: webhookEvents.publicId,
      type: webhookEvents.type,
      data: webhookEvents.data,
      createdAt: webhookEvents.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(sql`${webhookDeliveries.id} = ANY(${`{${deliveryIds.join(",")}}`}::bigint[])`);
  return new Map(rows.map((row) => [row.deliveryId, { ...row, data: row.data as Record<string, unknown> }]));
}

/**
 * The secret to sign with. A secret still stored as plaintext (saved before encryption at rest) is
 * encrypted now, unless it was replaced meanwhile. One that does not decrypt (WEBHOOK_SECRET_KEY was
 * changed) is null: the delivery cannot be signed, so it is not sent.
 */
async function signingSecret(db: Database, config: Config, target: DeliveryTarget): Promise<string | null> {
  let secret: string;
  try {
    secret = await decryptWebhookSecret(config.WEBHOOK_SECRET_KEY, target.companyId, target.storedSecret);
  } catch (error) {
    console.error(`webhook secret of endpoint ${target.endpointId} cannot be decrypted with WEBHOOK_SECRET_KEY`, error);
    return null;
  }
  if (!isEncryptedSecret(target.storedSecret)) {
    await db
      .update(webhookEndpoints)
      .set({ secret: await encryptWebhookSecret(config.WEBHOOK_SECRET_KEY, target.companyId, secret) })
      .where(and(eq(webhookEndpoints.id, target.endpointId), eq(webhookEndpoints.secret, target.storedSecret)));
  }
  return secret;
}

/**
 * The body: `{ type, timestamp, data }`, the Standard Webhooks envelope. The endpoint moved from
 * the first release keeps that release's body (`{ event, ...data }`) until its headers go.
 */
export function webhookBody(target: Pick<DeliveryTarget, "type" | "data" | "createdAt" | "firstReleaseFormat">) {
  return JSON.stringify(
    target.firstReleaseFormat
      ? { event: target.type, ...target.data }
      : { type: target.type, timestamp: target.createdAt.toISOString(), data: target.data },
  );
}

interface AttemptResult {
  failure: WebhookDeliveryFailure | null;
  statusCode: number | null;
  responseMs: number | null;
}

async function post(target: DeliveryTarget, secret: string, config: Config): Promise<AttemptResult> {
  // Checked before every attempt, retries included: the name's addresses may have changed since.
  const refused = await checkDestination(target.url, {
    allowLoopback: config.allowsLocalReceivers,
    resolver: config.WEBHOOK_DNS_RESOLVER,
  });
  if (refused) return { failure: refused, statusCode: null, responseMs: null };
  const body = webhookBody(target);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": "ValuSeal-Webhooks/1.0",
    // The event's id stays the same on every retry and resend, so a receiver can ignore repeats.
    [WEBHOOK_HEADERS.id]: target.eventId,
    [WEBHOOK_HEADERS.timestamp]: timestamp,
    [WEBHOOK_HEADERS.signature]: await signStandardWebhook(secret, target.eventId, timestamp, body),
  };
  if (target.firstReleaseFormat) {
    headers[LEGACY_WEBHOOK_HEADERS.signature] = await signLegacyWebhook(secret, timestamp, body);
    headers[LEGACY_WEBHOOK_HEADERS.timestamp] = timestamp;
    headers[LEGACY_WEBHOOK_HEADERS.delivery] = target.eventId;
    headers[LEGACY_WEBHOOK_HEADERS.event] = target.type;
  }
  const started = Date.now();
  try {
    const response = await fetch(target.url, {
      method: "POST",
      headers,
      body,
      // A redirect could send the signed body somewhere the owner never configured, and past the
      // address check: it counts as an error answer.
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return {
      failure: response.ok ? null : "receiver-error",
      statusCode: response.status,
      responseMs: Date.now() - started,
    };
  } catch {
    // No answer within the timeout, or no connection at all.
    return { failure: "no-answer", statusCode: null, responseMs: null };
  }
}

/**
 * Logs the attempt and where the delivery and its endpoint stand, in one transaction-free
 * statement each. Answers whether the endpoint was turned off by this failure (a day of them).
 */
async function recordAttempt(
  db: Database,
  target: DeliveryTarget,
  trigger: WebhookAttemptTrigger,
  result: AttemptResult,
  outcome: WebhookDeliveryOutcome,
): Promise<boolean> {
  const [delivery] = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, outcome })
    .where(eq(webhookDeliveries.id, target.deliveryId))
    .returning({ attempts: webhookDeliveries.attempts });
  if (!delivery) return false;
  await db.insert(webhookAttempts).values({
    deliveryId: target.deliveryId,
    attempt: delivery.attempts,
    trigger,
    statusCode: result.statusCode,
    responseMs: result.responseMs,
    failure: result.failure,
  });
  if (!result.failure) {
    await db
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(and(eq(webhookEndpoints.id, target.endpointId), sql`${webhookEndpoints.failingSince} IS NOT NULL`));
    return false;
  }
  const failingFrom = new Date(Date.now() - FAILING_DISABLE_MS).toISOString();
  const [endpoint] = await db
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())`,
      disabledAt: sql`CASE WHEN ${webhookEndpoints.failingSince} <= ${failingFrom}::timestamptz THEN now() END`,
      disabledReason: sql`CASE WHEN ${webhookEndpoints.failingSince} <= ${failingFrom}::timestamptz THEN 'failing' END`,
    })
    .where(and(eq(webhookEndpoints.id, target.endpointId), sql`${webhookEndpoints.disabledAt} IS NULL`))
    .returning({ disabledAt: webhookEndpoints.disabledAt });
  return Boolean(endpoint?.disabledAt);
}

/** The owner's email when an endpoint was turned off after a day of failures. */
async function disabledEndpointEmails(db: Database, endpointIds: number[]) {
  if (endpointIds.length === 0) return [];
  const rows = await db
    .select({ to: users.email, companyName: companies.name, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .innerJoin(companies, eq(companies.id, webhookEndpoints.companyId))
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(sql`${webhookEndpoints.id} = ANY(${`{${endpointIds.join(",")}}`}::int[])`);
  return rows.map((row) => ({ kind: "webhook-disabled" as const, ...row }));
}

/**
 * The WEBHOOKS queue's consumer: one POST per message, logged, retried with exponential backoff.
 * A refused address is the owner's to fix, not a passing fault: it is not tried again.
 */
export async function deliverWebhooks(batch: MessageBatch<WebhookDeliveryMessage>, env: Bindings) {
  const config = readConfig(env);
  const { db, close } = connectDatabase(config);
  try {
    const targets = await loadTargets(
      db,
      batch.messages.map((message) => message.body.deliveryId),
    );
    const turnedOff: number[] = [];
    await Promise.all(
      batch.messages.map(async (message) => {
        const target = targets.get(message.body.deliveryId);
        // The endpoint was removed or turned off since: nothing to deliver.
        if (!target || target.disabled) return message.ack();
        const secret = await signingSecret(db, config, target);
        if (!secret) return message.ack();
        const result = await post(target, secret, config);
        const lastTry = result.failure === "address-not-allowed" || message.attempts >= MAX_DELIVERY_ATTEMPTS;
        const outcome: WebhookDeliveryOutcome = !result.failure ? "delivered" : lastTry ? "failed" : "pending";
        if (await recordAttempt(db, target, message.body.trigger, result, outcome)) turnedOff.push(target.endpointId);
        if (outcome === "pending") message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
        else message.ack();
      }),
    );
    await queueEmailsNow(env, await disabledEndpointEmails(db, turnedOff));
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------------------------------------
// The hourly cron

/**
 * Announces codes that expired (by the company's own calendar, the rule of the code's status) in the
 * past week, once each; sends deliveries whose queue message was never sent; and deletes events
 * (with their delivery logs) older than 30 days. Judged by the database's clock, not the cron's
 * scheduled time: a run that is late, or one started by hand for another hour, deletes nothing early.
 */
export async function sweepWebhooks(db: Database, env: Pick<Bindings, "WEBHOOKS">) {
  const expired = await db.execute(sql`
    SELECT code.company_id, code.id, ${codeJson(sql.raw("code"))} AS code,
      to_char(code.valid_until AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS valid_until
    FROM qr_codes code
    JOIN companies company ON company.id = code.company_id
    WHERE (code.valid_until AT TIME ZONE 'UTC')::date <= (now() AT TIME ZONE company.time_zone)::date
      AND (code.valid_until AT TIME ZONE 'UTC')::date > (now() AT TIME ZONE company.time_zone)::date - 7
      AND code.revoked_at IS NULL
      AND EXISTS (SELECT 1 FROM webhook_endpoints endpoint WHERE endpoint.company_id = code.company_id
        AND endpoint.disabled_at IS NULL AND 'code.expired' = ANY(endpoint.event_types))
      AND NOT EXISTS (SELECT 1 FROM webhook_events event WHERE event.qr_code_id = code.id AND event.type = 'code.expired')`);
  const announced = await recordWebhookEvents(
    db,
    rowsOf<{ company_id: number; id: number; code: WebhookCode; valid_until: string }>(expired).map((row) => ({
      companyId: row.company_id,
      type: "code.expired",
      qrCodeId: row.id,
      data: {
        code: { ...row.code, verificationCode: row.code.verificationCode && formatVerificationCode(row.code.verificationCode) },
        validUntil: row.valid_until,
      },
    })),
  );
  const unsent = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.outcome, "pending"),
        eq(webhookDeliveries.attempts, 0),
        sql`${webhookDeliveries.createdAt} < now() - make_interval(mins => ${UNSENT_AFTER_MINUTES})`,
      ),
    );
  await sendWebhookDeliveries(env, [...announced, ...unsent.map((row) => row.id)]);
  await db
    .delete(webhookEvents)
    .where(
      sql`${webhookEvents.createdAt} < now() - make_interval(days => ${EVENT_RETENTION_DAYS})`,
    );
  return { expired: announced.length, resent: unsent.length };
}

/** A code as the events name it (WebhookCode), built in SQL from a qr_codes row alias; the verification code bare. */
function codeJson(alias: ReturnType<typeof sql.raw>) {
  return sql`jsonb_build_object(
    'id', ${alias}.public_token,
    'url', ${alias}.qr_code_data,
    'verificationCode', ${alias}.verification_code,
    'reference', ${alias}.property_reference,
    'externalReference', ${alias}.external_reference,
    'address', ${alias}.property_address)`;
}

/** The same from a code read with drizzle. */
export const webhookCode = (code: {
  publicToken: string;
  qrCodeData: string;
  verificationCode: string | null;
  propertyReference: string | null;
  externalReference: string | null;
  propertyAddress: string;
}): WebhookCode => ({
  id: code.publicToken,
  url: code.qrCodeData,
  verificationCode: code.verificationCode,
  reference: code.propertyReference,
  externalReference: code.externalReference,
  address: code.propertyAddress,
});
