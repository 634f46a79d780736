import { and, eq, isNull, sql } from "drizzle-orm";
import {
  type WebhookAttemptTrigger,
  type WebhookDeliveryFailure,
  type WebhookDeliveryOutcome,
  type WebhookLoggedEventType,
  WEBHOOK_RESPONSE_BODY_MAX_BYTES,
} from "#schema/limits/integration.ts";
import {
  companies,
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "#schema/tables.ts";
import { formatVerificationCode } from "#schema/verification-code.ts";
import { readConfig, type Config } from "#worker/config.ts";
import { connectDatabase, type Database } from "#worker/db.ts";
import type { Bindings } from "#worker/bindings.ts";
import { checkDestination } from "#worker/lib/webhook-destination.ts";
import { decryptWebhookSecret, encryptWebhookSecret, isEncryptedSecret } from "#worker/lib/webhook-secret.ts";
import { signLegacyWebhook, signStandardWebhook } from "#worker/lib/webhook-signatures.ts";
import { queueEmailsNow } from "../email/email";
import { idArray } from "#worker/lib/statement-parts.ts";
import { claimAndQueueDeliveries, recordWebhookEvents, rowsOf, webhookBody } from "./webhooks";
import { type WebhookCode, type WebhookDeliveryMessage } from "#worker/queue-messages.ts";

/**
 * Webhook deliveries: the WEBHOOKS queue's consumer (one POST per message, logged, retried) and
 * the hourly sweep; the request paths' side (endpoints, events, the log) is ./webhooks.
 */

/** The Standard Webhooks headers (standardwebhooks.com), which receivers verify with that project's libraries. */
const WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;

/**
 * The first release's headers, sent only to the endpoint moved from that release's single webhook
 * (`firstReleaseFormat`), until 2027-06-30: the same id and timestamp, and its own signature.
 */
const LEGACY_WEBHOOK_HEADERS = {
  signature: "X-ValuSeal-Signature",
  timestamp: "X-ValuSeal-Timestamp",
  delivery: "X-ValuSeal-Delivery",
  event: "X-ValuSeal-Event",
} as const;

const WEBHOOK_TIMEOUT_MS = 5000;
/** Backoff doubles from 2 s and is capped at 15 min; with max_retries = 10 a receiver has ~30 min. */
const MAX_RETRY_DELAY_SECONDS = 15 * 60;
const retryDelaySeconds = (attempts: number) => Math.min(2 ** attempts, MAX_RETRY_DELAY_SECONDS);
/** The first attempt plus the queue's max_retries (wrangler.toml): after this one the delivery has failed. */
const MAX_DELIVERY_ATTEMPTS = 11;
/** A receiver failing this long (across deliveries) is turned off, and the owner told. */
const FAILING_DISABLE_HOURS = 24;
/** Events and their delivery logs are kept this long. */
const EVENT_RETENTION_DAYS = 30;
/** A delivery whose queue message was not sent within this is sent by the hourly sweep. */
const UNSENT_AFTER_MINUTES = 10;
/** A delivery still pending this long after it was queued lost its retries (they take ~30 min): it has failed. */
const STALLED_AFTER_HOURS = 2;
/** Rows one sweep takes of each kind; the next hour takes the rest. */
const SWEEP_LIMIT = 1000;

// ---------------------------------------------------------------------------------------------
// Delivery (the WEBHOOKS queue's consumer)

interface DeliveryTarget {
  deliveryId: number;
  endpointId: number;
  companyId: number;
  url: string;
  storedSecret: string;
  /** The secret a rotation replaced, while it still signs beside the new one. */
  storedPreviousSecret: string | null;
  firstReleaseFormat: boolean;
  disabled: boolean;
  outcome: WebhookDeliveryOutcome;
  eventId: string;
  type: WebhookLoggedEventType;
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
      storedPreviousSecret: sql<
        string | null
      >`CASE WHEN ${webhookEndpoints.previousSecretExpiresAt} > now() THEN ${webhookEndpoints.previousSecret} END`,
      firstReleaseFormat: webhookEndpoints.firstReleaseFormat,
      disabled: sql<boolean>`${webhookEndpoints.disabledAt} IS NOT NULL`,
      outcome: webhookDeliveries.outcome,
      eventId: webhookEvents.publicId,
      type: webhookEvents.type,
      data: webhookEvents.data,
      createdAt: webhookEvents.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(sql`${webhookDeliveries.id} = ANY(${idArray(deliveryIds)}::bigint[])`);
  return new Map(rows.map((row) => [row.deliveryId, { ...row, data: row.data as Record<string, unknown> }]));
}

/**
 * The secrets to sign with: the current one, and after a rotation the one it replaced while that
 * still signs. A secret still stored as plaintext (saved before encryption at rest) is encrypted
 * now, unless it was replaced meanwhile. When the current one does not decrypt (WEBHOOK_SECRET_KEY
 * was changed) the answer is empty: the delivery cannot be signed, so it is not sent.
 */
async function signingSecrets(db: Database, config: Config, target: DeliveryTarget): Promise<string[]> {
  let secret: string;
  try {
    secret = await decryptWebhookSecret(config.WEBHOOK_SECRET_KEY, target.companyId, target.storedSecret);
  } catch (error) {
    console.error(`webhook secret of endpoint ${target.endpointId} cannot be decrypted with WEBHOOK_SECRET_KEY`, error);
    return [];
  }
  if (!isEncryptedSecret(target.storedSecret)) {
    await db
      .update(webhookEndpoints)
      .set({ secret: await encryptWebhookSecret(config.WEBHOOK_SECRET_KEY, target.companyId, secret) })
      .where(and(eq(webhookEndpoints.id, target.endpointId), eq(webhookEndpoints.secret, target.storedSecret)));
  }
  if (!target.storedPreviousSecret) return [secret];
  const previous = await decryptWebhookSecret(
    config.WEBHOOK_SECRET_KEY,
    target.companyId,
    target.storedPreviousSecret,
  ).catch(() => null);
  return previous ? [secret, previous] : [secret];
}

/** The start of the receiver's answer, read no further than the log keeps, as text. */
async function answerStart(response: Response): Promise<string | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < WEBHOOK_RESPONSE_BODY_MAX_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  // A cut through a character leaves a replacement mark, not an error.
  return new TextDecoder().decode(bytes.subarray(0, WEBHOOK_RESPONSE_BODY_MAX_BYTES));
}

interface AttemptResult {
  failure: WebhookDeliveryFailure | null;
  statusCode: number | null;
  responseMs: number | null;
  responseBody: string | null;
}

async function post(target: DeliveryTarget, secrets: string[], config: Config): Promise<AttemptResult> {
  // Checked before every attempt, retries included: the name's addresses may have changed since.
  const refused = await checkDestination(target.url, {
    allowLoopback: config.allowsLocalReceivers,
    resolver: config.WEBHOOK_DNS_RESOLVER,
  });
  if (refused) return { failure: refused, statusCode: null, responseMs: null, responseBody: null };
  const body = webhookBody(target);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": "ValuSeal-Webhooks/1.0",
    // The event's id stays the same on every retry and resend, so a receiver can ignore repeats.
    [WEBHOOK_HEADERS.id]: target.eventId,
    [WEBHOOK_HEADERS.timestamp]: timestamp,
    // One signature per secret in force, space-separated as Standard Webhooks allows: a receiver
    // holding either secret verifies it while a rotation is under way.
    [WEBHOOK_HEADERS.signature]: (
      await Promise.all(secrets.map((secret) => signStandardWebhook(secret, target.eventId, timestamp, body)))
    ).join(" "),
  };
  if (target.firstReleaseFormat) {
    headers[LEGACY_WEBHOOK_HEADERS.signature] = await signLegacyWebhook(secrets[0]!, timestamp, body);
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
    const responseMs = Date.now() - started;
    const responseBody = await answerStart(response).catch(() => null);
    return { failure: response.ok ? null : "receiver-error", statusCode: response.status, responseMs, responseBody };
  } catch {
    // No answer within the timeout, or no connection at all.
    return { failure: "no-answer", statusCode: null, responseMs: null, responseBody: null };
  }
}

/**
 * Logs the attempt and where the delivery and its endpoint stand, one statement each. A delivered
 * delivery stays delivered whatever a later resend meets. A delivery's final failure turns its
 * endpoint off when the endpoint has been failing for a day (by the database's clock); answers
 * whether it did.
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
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      outcome: sql`CASE WHEN ${webhookDeliveries.outcome} = 'delivered' THEN 'delivered' ELSE ${outcome} END`,
      ...(trigger === "resend" ? { resendRequestedAt: null } : {}),
    })
    .where(eq(webhookDeliveries.id, target.deliveryId))
    .returning({ attempts: webhookDeliveries.attempts });
  if (!delivery) return false;
  await db.insert(webhookAttempts).values({
    deliveryId: target.deliveryId,
    endpointId: target.endpointId,
    attempt: delivery.attempts,
    trigger,
    statusCode: result.statusCode,
    responseMs: result.responseMs,
    failure: result.failure,
    responseBody: result.responseBody,
  });
  if (!result.failure) {
    await db
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(and(eq(webhookEndpoints.id, target.endpointId), sql`${webhookEndpoints.failingSince} IS NOT NULL`));
    return false;
  }
  const failingADay = sql`${outcome === "failed"} AND ${webhookEndpoints.failingSince} <= now() - make_interval(hours => ${FAILING_DISABLE_HOURS})`;
  const [endpoint] = await db
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())`,
      disabledAt: sql`CASE WHEN ${failingADay} THEN now() END`,
      disabledReason: sql`CASE WHEN ${failingADay} THEN 'failing' END`,
    })
    .where(and(eq(webhookEndpoints.id, target.endpointId), sql`${webhookEndpoints.disabledAt} IS NULL`))
    .returning({ disabledAt: webhookEndpoints.disabledAt });
  return Boolean(endpoint?.disabledAt);
}

/** A delivery that will not be attempted (its endpoint was turned off, or its secret cannot sign): failed, so no sweep sends it again. */
function dropDelivery(db: Database, deliveryId: number) {
  return db
    .update(webhookDeliveries)
    .set({ outcome: "failed", resendRequestedAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.outcome, "pending")));
}

/** The owner's email when an endpoint was turned off after a day of failures. */
async function disabledEndpointEmails(db: Database, endpointIds: number[]) {
  if (endpointIds.length === 0) return [];
  const rows = await db
    .select({ to: users.email, companyName: companies.name, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .innerJoin(companies, eq(companies.id, webhookEndpoints.companyId))
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(sql`${webhookEndpoints.id} = ANY(${idArray(endpointIds)}::int[])`);
  return rows.map((row) => ({ kind: "webhook-disabled" as const, ...row }));
}

/**
 * The WEBHOOKS queue's consumer: one POST per message, logged, retried with exponential backoff. A
 * refused address is the owner's to fix, not a passing fault: it is not tried again. A resend is one
 * attempt; an automatic retry of a delivery a resend has since delivered is not sent.
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
        const { deliveryId, trigger } = message.body;
        const target = targets.get(deliveryId);
        // The endpoint was removed since (its deliveries with it): nothing to deliver.
        if (!target) return message.ack();
        if (trigger === "automatic" && target.outcome === "delivered") return message.ack();
        const secrets = target.disabled ? [] : await signingSecrets(db, config, target);
        if (secrets.length === 0) {
          await dropDelivery(db, deliveryId);
          return message.ack();
        }
        const result = await post(target, secrets, config);
        const lastTry =
          trigger === "resend" || result.failure === "address-not-allowed" || message.attempts >= MAX_DELIVERY_ATTEMPTS;
        const outcome: WebhookDeliveryOutcome = !result.failure ? "delivered" : lastTry ? "failed" : "pending";
        if (await recordAttempt(db, target, trigger, result, outcome)) turnedOff.push(target.endpointId);
        if (outcome === "pending") message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
        else message.ack();
      }),
    );
    // The messages are settled: a failure here must not send them again, only be logged.
    await disabledEndpointEmails(db, turnedOff)
      .then((emails) => queueEmailsNow(env, emails))
      .catch((error: unknown) => console.error("the emails of endpoints turned off could not be queued", error));
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------------------------------------
// The hourly cron

/**
 * Announces codes that expired (by the company's own calendar, the rule of the code's status) in the
 * past week, once each; queues deliveries whose queue message was never sent, and fails those whose
 * retries were lost; and deletes events (with their delivery logs) older than 30 days. At most
 * SWEEP_LIMIT of each a run. Judged by the database's clock, not the cron's
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
      AND NOT EXISTS (SELECT 1 FROM webhook_events event WHERE event.company_id = code.company_id
        AND event.qr_code_id = code.id AND event.type = 'code.expired')
    ORDER BY code.valid_until
    LIMIT ${SWEEP_LIMIT}`);
  const announced = await recordWebhookEvents(
    db,
    rowsOf<{ company_id: number; id: number; code: WebhookCode; valid_until: string }>(expired).map((row) => ({
      companyId: row.company_id,
      type: "code.expired",
      codeId: row.id,
      data: {
        code: {
          ...row.code,
          verificationCode: row.code.verificationCode && formatVerificationCode(row.code.verificationCode),
        },
        validUntil: row.valid_until,
      },
    })),
  );
  // Claimed for the queue but never tried: the Worker that claimed them ended before its send. A
  // message merely slow in the queue may so be sent twice; the consumer skips a delivered one.
  await db
    .update(webhookDeliveries)
    .set({ queuedAt: null })
    .where(
      and(
        eq(webhookDeliveries.outcome, "pending"),
        eq(webhookDeliveries.attempts, 0),
        sql`${webhookDeliveries.queuedAt} < now() - make_interval(mins => ${UNSENT_AFTER_MINUTES})`,
      ),
    );
  // Never queued (the request's queue send failed), on an endpoint still on: queued now, oldest first.
  const unsent = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.outcome, "pending"),
        isNull(webhookDeliveries.queuedAt),
        isNull(webhookEndpoints.disabledAt),
        sql`${webhookDeliveries.createdAt} < now() - make_interval(mins => ${UNSENT_AFTER_MINUTES})`,
      ),
    )
    .orderBy(webhookDeliveries.createdAt)
    .limit(SWEEP_LIMIT);
  await claimAndQueueDeliveries(env, db, [...announced, ...unsent.map((row) => row.id)]);
  // Queued long ago and still pending: its retries were lost (they end within ~30 minutes).
  await db
    .update(webhookDeliveries)
    .set({ outcome: "failed" })
    .where(
      and(
        eq(webhookDeliveries.outcome, "pending"),
        sql`${webhookDeliveries.queuedAt} < now() - make_interval(hours => ${STALLED_AFTER_HOURS})`,
      ),
    );
  await db
    .delete(webhookEvents)
    .where(sql`${webhookEvents.createdAt} < now() - make_interval(days => ${EVENT_RETENTION_DAYS})`);
  return { expired: announced.length, queued: unsent.length };
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
