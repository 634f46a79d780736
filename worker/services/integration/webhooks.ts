import type { WebhookCode, WebhookDeliveryMessage } from "#worker/queue-messages.ts";
import { and, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { WebhookAttemptPage, WebhookEndpointAnswer, WebhookEndpointCreated } from "#schema/api-v1.ts";
import { type OrganisationKind } from "#schema/limits/companies.ts";
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES_BY_KIND,
  type WebhookEventType,
  type WebhookLoggedEventType,
  WEBHOOK_TEST_EVENT_TYPE,
} from "#schema/limits/integration.ts";
import { companies, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "#schema/tables.ts";
import {
  webhookUrlProblem,
  type webhookEndpointSchema,
  type webhookEndpointUpdateSchema,
} from "#schema/validation/webhook.ts";
import type { z } from "zod";
import type { Config } from "#worker/config.ts";
import type { Database, Queryable, Transaction } from "#worker/db.ts";
import type { Bindings } from "#worker/bindings.ts";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import { ApiError, badRequest, notFound } from "#worker/lib/errors.ts";
import { countOf, fetchPage, totalColumn } from "#worker/lib/pagination.ts";
import { randomToken } from "#worker/lib/random.ts";
import { encryptWebhookSecret, WEBHOOK_SECRET_PREFIX } from "#worker/lib/webhook-secret.ts";
import { idArray, statementPart } from "#worker/lib/statement-parts.ts";
import { recordAudit, type Actor } from "../companies/audit";

/**
 * Webhook endpoints, their events and the delivery log, for the request paths (the queue's
 * consumer and the hourly sweep are in ./webhook-deliveries).
 *
 * An event is written with one delivery row per subscribed endpoint in the same statement as (or
 * the same transaction as) the change it reports, then one queue message per delivery is sent
 * after the response. A message that never got sent is found by the hourly sweep, so an event is
 * delivered even when the queue was unreachable at that moment.
 */

const PUBLIC_ID_FORMAT = /^ep_[A-Za-z0-9]{24,32}$/;
const EVENT_ID_FORMAT = /^msg_[A-Za-z0-9_-]{1,60}$/;
/** A firm's endpoints hear of its codes, a lender's of the codes it watches (WEBHOOK_EVENT_TYPES_BY_KIND). */
function assertEventsOfKind(kind: OrganisationKind, eventTypes: readonly WebhookEventType[]) {
  const allowed = WEBHOOK_EVENT_TYPES_BY_KIND[kind];
  const foreign = eventTypes.filter((type) => !allowed.includes(type));
  if (foreign.length > 0) {
    throw badRequest(
      "Validation failed",
      foreign.map((type) => `eventTypes: ${type} is not an event your organisation receives`),
    );
  }
}

/** Queue.sendBatch takes at most 100 messages. */
const QUEUE_BATCH = 100;

const ENDPOINT_NOT_FOUND = "Webhook endpoint not found";
const DELIVERY_NOT_FOUND = "Delivery not found";

export interface WebhookEventInput {
  companyId: number;
  type: WebhookEventType;
  /** The code the event is about (its row id), or none. */
  codeId: number | null;
  data: Record<string, unknown>;
  /** Set when the event must be recorded once whatever happens (a queue message's id); random otherwise. */
  publicId?: string;
}

const newEventId = () => `msg_${randomToken(24)}`;

/** The parts of a statement that records webhook events (webhookEventCtes). */
const WEBHOOK_INPUT = statementPart("webhook_input", ["public_id", "company_id", "type", "qr_code_id", "data"]);
const WEBHOOK_EVENT = statementPart("webhook_event", ["id", "company_id", "type"]);
export const WEBHOOK_DELIVERY = statementPart("webhook_delivery", ["id"]);

/**
 * The statement parts that record events and a delivery for every enabled endpoint of the event's
 * company subscribed to its type; WEBHOOK_DELIVERY returns the deliveries' ids to send. An event
 * no endpoint wants is not stored. An event whose id (or, for code.expired, whose code) is already
 * recorded is skipped, and nothing is recorded when `when` (a condition on a statement they are
 * part of) is false.
 */
export function webhookEventCtes(events: WebhookEventInput[], when: SQL = sql`true`) {
  const input = events.map((event) => ({
    public_id: event.publicId ?? newEventId(),
    company_id: event.companyId,
    type: event.type,
    qr_code_id: event.codeId,
    data: event.data,
  }));
  const { public_id, company_id, type, qr_code_id, data } = WEBHOOK_INPUT.column;
  return sql`
    ${WEBHOOK_INPUT.define(sql`
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        AS x(public_id text, company_id int, type text, qr_code_id int, data jsonb)`)},
    ${WEBHOOK_EVENT.define(sql`
      INSERT INTO webhook_events (public_id, company_id, type, qr_code_id, data)
      SELECT ${public_id}, ${company_id}, ${type}, ${qr_code_id}, ${data} FROM ${WEBHOOK_INPUT.name}
      WHERE ${when} AND EXISTS (
        SELECT 1 FROM webhook_endpoints endpoint
        WHERE endpoint.company_id = ${company_id} AND endpoint.disabled_at IS NULL
          AND ${type} = ANY(endpoint.event_types))
      ON CONFLICT DO NOTHING
      RETURNING id AS ${WEBHOOK_EVENT.as.id}, company_id AS ${WEBHOOK_EVENT.as.company_id}, type AS ${WEBHOOK_EVENT.as.type}`)},
    ${WEBHOOK_DELIVERY.define(sql`
      INSERT INTO webhook_deliveries (event_id, endpoint_id)
      SELECT ${WEBHOOK_EVENT.column.id}, endpoint.id FROM ${WEBHOOK_EVENT.name}
      JOIN webhook_endpoints endpoint ON endpoint.company_id = ${WEBHOOK_EVENT.column.company_id}
        AND endpoint.disabled_at IS NULL AND ${WEBHOOK_EVENT.column.type} = ANY(endpoint.event_types)
      RETURNING id AS ${WEBHOOK_DELIVERY.as.id}`)}`;
}

/**
 * Records events and their deliveries in one statement (webhookEventCtes); answers the ids of the
 * deliveries to queue: the new ones, and those of events with these ids that an earlier attempt
 * recorded but never queued (a queue consumer whose batch failed after recording is given the
 * same messages again), so a retry sends them at once rather than at the hourly sweep. The second
 * part reads the statement's snapshot, so it never sees the rows the first part inserts.
 */
export async function recordWebhookEvents(db: Queryable, events: WebhookEventInput[]): Promise<number[]> {
  if (events.length === 0) return [];
  const rows = await db.execute<{ id: string }>(sql`
    WITH ${webhookEventCtes(events)}
    SELECT ${WEBHOOK_DELIVERY.column.id} FROM ${WEBHOOK_DELIVERY.name}
    UNION ALL
    SELECT delivery.id FROM ${WEBHOOK_INPUT.name}
    JOIN webhook_events event ON event.public_id = ${WEBHOOK_INPUT.column.public_id}
    JOIN webhook_deliveries delivery ON delivery.event_id = event.id
    WHERE delivery.queued_at IS NULL AND delivery.outcome = 'pending'`);
  return rowsOf<{ id: string }>(rows).map((row) => Number(row.id));
}

/** drizzle's execute answers rows directly over HTTP and as `{ rows }` over the pool. */
export function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}

/**
 * Sends the queue messages of the deliveries nobody has queued yet. Each delivery is claimed (its
 * `queued_at` set) in one statement before its message is sent, so it is sent once however many
 * hold its id: a repeated event answers an earlier request's delivery while that request has yet
 * to queue it (recordWebhookEvents), and both then queue it. A refused send gives its claims back;
 * the hourly sweep sends what is left unqueued, and what was claimed but never tried.
 */
export async function claimAndQueueDeliveries(env: Pick<Bindings, "WEBHOOKS">, db: Queryable, deliveryIds: number[]) {
  for (let index = 0; index < deliveryIds.length; index += QUEUE_BATCH) {
    const part = sql`${webhookDeliveries.id} = ANY(${idArray(deliveryIds.slice(index, index + QUEUE_BATCH))}::bigint[])`;
    const claimed = await db
      .update(webhookDeliveries)
      .set({ queuedAt: sql`now()` })
      .where(and(part, isNull(webhookDeliveries.queuedAt)))
      .returning({ id: webhookDeliveries.id });
    if (claimed.length === 0) continue;
    try {
      await env.WEBHOOKS.sendBatch(
        claimed.map(({ id }) => ({
          body: { deliveryId: id, trigger: "automatic" } satisfies WebhookDeliveryMessage,
          contentType: "json" as const,
        })),
      );
    } catch (error) {
      await db
        .update(webhookDeliveries)
        .set({ queuedAt: null })
        .where(sql`${webhookDeliveries.id} = ANY(${idArray(claimed.map(({ id }) => id))}::bigint[])`);
      throw error;
    }
  }
}

/**
 * What a request's change has others told, gathered in the change's transaction and sent once it
 * has committed (`queueOutboxAfterResponse`, worker/request/after-response): webhook deliveries,
 * the watch notices of lenders watching the code (both rows of that transaction, so the hourly
 * cron sends any the request fails to), and plain emails. Ids of a transaction that rolled back name
 * no row, and the senders skip them.
 */
export class Outbox {
  readonly deliveryIds: number[] = [];
  readonly watchNoticeIds: number[] = [];
  readonly emails: EmailMessage[] = [];

  async record(db: Queryable, events: WebhookEventInput[]) {
    this.deliveryIds.push(...(await recordWebhookEvents(db, events)));
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
    codeId: code.id,
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
  // The replaced secret's end only while it still signs: past it, the answer says only the current one does.
  previousSecretExpiresAt:
    sql<Date | null>`CASE WHEN ${webhookEndpoints.previousSecretExpiresAt} > now() THEN ${webhookEndpoints.previousSecretExpiresAt} END`.mapWith(
      (value: string | Date | null) => (value === null ? null : new Date(value)),
    ),
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
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
};

const toAnswer = ({
  disabledAt,
  failingSince,
  previousSecretExpiresAt,
  createdAt,
  ...row
}: EndpointRow): WebhookEndpointAnswer => ({
  ...row,
  enabled: disabledAt === null,
  failingSince: failingSince?.toISOString() ?? null,
  previousSecretExpiresAt: previousSecretExpiresAt?.toISOString() ?? null,
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
  const [company] = await tx
    .select({ kind: companies.kind })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("update");
  assertEventsOfKind(company?.kind ?? "issuer", input.eventTypes);
  const existing = await tx.$count(webhookEndpoints, eq(webhookEndpoints.companyId, companyId));
  if (existing >= WEBHOOK_ENDPOINTS_MAX) {
    throw badRequest(
      `A company can have ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Remove one you no longer use first.`,
    );
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

/** An update that only turns the endpoint off: allowed to a deactivated company, since stopping deliveries is never refused. */
export const onlyTurnsOff = (update: z.output<typeof webhookEndpointUpdateSchema>) =>
  update.enabled === false &&
  update.url === undefined &&
  update.description === undefined &&
  update.eventTypes === undefined;

/**
 * Changes an endpoint, audited with what changed. Turning it back on also forgets its failures: the
 * owner has looked at the receiver, and the next failure starts a new day's count. A new address
 * is noted (events from before it are not resent there) and answered with the address it replaced,
 * for the route to tell the owner.
 */
export async function updateWebhookEndpoint(
  tx: Transaction,
  config: Config,
  actor: Actor,
  companyId: number,
  publicId: string,
  update: z.output<typeof webhookEndpointUpdateSchema>,
): Promise<{ endpoint: WebhookEndpointAnswer; previousUrl: string | null }> {
  const { enabled, url, description, eventTypes } = update;
  if (url !== undefined) assertAllowedDestination(url, config);
  if (eventTypes !== undefined) {
    const [company] = await tx.select({ kind: companies.kind }).from(companies).where(eq(companies.id, companyId));
    assertEventsOfKind(company?.kind ?? "issuer", eventTypes);
  }
  const [before] = await tx
    .select({
      url: webhookEndpoints.url,
      eventTypes: webhookEndpoints.eventTypes,
      disabledAt: webhookEndpoints.disabledAt,
    })
    .from(webhookEndpoints)
    .where(endpointKey(companyId, publicId))
    .for("update");
  if (!before) throw notFound(ENDPOINT_NOT_FOUND);
  const newUrl = url !== undefined && url !== before.url;
  const [row] = await tx
    .update(webhookEndpoints)
    .set({
      ...(newUrl ? { url, urlChangedAt: sql`now()` } : {}),
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
  const changes = {
    ...(newUrl ? { url: { from: before.url, to: url } } : {}),
    ...(eventTypes !== undefined ? { eventTypes: { from: before.eventTypes, to: eventTypes } } : {}),
    ...(enabled !== undefined && enabled === (before.disabledAt !== null) ? { enabled } : {}),
  };
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, actor, [
      {
        action: "company.webhook_changed",
        targetType: "company",
        targetId: companyId,
        details: { endpoint: publicId, ...changes },
      },
    ]);
  }
  return { endpoint: toAnswer(row!), previousUrl: newUrl ? before.url : null };
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
    .select({ id: webhookEndpoints.id, firstReleaseFormat: webhookEndpoints.firstReleaseFormat })
    .from(webhookEndpoints)
    .where(endpointKey(companyId, publicId));
  if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
  const ofEndpoint = eq(webhookAttempts.endpointId, endpoint.id);
  const attemptCount = db.select({ total: count() }).from(webhookAttempts).where(ofEndpoint);
  // The total rides on the page's rows (pageOfRows): the queue's consumer logs attempts while the
  // owner reads, and a separate count could include an attempt the page lacks.
  const attempts = await fetchPage(
    page,
    pageSize,
    ({ limit, offset }) =>
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
          responseBody: webhookAttempts.responseBody,
          eventData: webhookEvents.data,
          eventCreatedAt: webhookEvents.createdAt,
          total: totalColumn(attemptCount),
        })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(ofEndpoint)
        .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
        .limit(limit)
        .offset(offset),
    () => countOf(attemptCount),
  );
  return {
    ...attempts,
    items: attempts.items.map(({ eventData, eventCreatedAt, ...item }) => ({
      ...item,
      attemptedAt: item.attemptedAt.toISOString(),
      // The body is the event's, frozen when it happened: every attempt of it sent the same bytes.
      requestBody: webhookBody({
        type: item.eventType,
        data: eventData as Record<string, unknown>,
        createdAt: eventCreatedAt,
        firstReleaseFormat: endpoint.firstReleaseFormat,
      }),
    })),
  };
}

/**
 * "Resend": the event to the endpoint again, as it was sent (same body, same webhook-id, so a
 * receiver that already has it can ignore it), in one attempt. One resend of a delivery is on its
 * way at a time, and an event recorded before the endpoint's address changed is not sent to the
 * new address. Answers the delivery's id to queue.
 */
export async function resendWebhookDelivery(
  db: Database,
  companyId: number,
  endpointPublicId: string,
  eventPublicId: string,
): Promise<number> {
  if (!EVENT_ID_FORMAT.test(eventPublicId)) throw notFound(DELIVERY_NOT_FOUND);
  const [delivery] = await db
    .select({
      id: webhookDeliveries.id,
      disabledAt: webhookEndpoints.disabledAt,
      beforeAddressChange: sql<boolean>`${webhookEvents.createdAt} < ${webhookEndpoints.urlChangedAt}`,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(endpointKey(companyId, endpointPublicId), eq(webhookEvents.publicId, eventPublicId)));
  if (!delivery) throw notFound(DELIVERY_NOT_FOUND);
  if (delivery.disabledAt) throw new ApiError(409, "This endpoint is turned off. Turn it on to resend deliveries.");
  if (delivery.beforeAddressChange) {
    throw new ApiError(
      409,
      "This event happened before the endpoint's address changed: it is not sent to the new address.",
    );
  }
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ resendRequestedAt: sql`now()` })
    .where(
      and(
        eq(webhookDeliveries.id, delivery.id),
        sql`(${webhookDeliveries.resendRequestedAt} IS NULL OR ${webhookDeliveries.resendRequestedAt} < now() - interval '1 minute')`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (!claimed) throw new ApiError(409, "A resend of this delivery is already on its way.");
  return claimed.id;
}

/**
 * A delivery's body: `{ type, timestamp, data }`, the Standard Webhooks envelope. The endpoint moved
 * from the first release keeps that release's body (`{ event, ...data }`) until its headers go.
 */
export function webhookBody(event: {
  type: WebhookLoggedEventType;
  data: Record<string, unknown>;
  createdAt: Date;
  firstReleaseFormat: boolean;
}) {
  return JSON.stringify(
    event.firstReleaseFormat
      ? { event: event.type, ...event.data }
      : { type: event.type, timestamp: event.createdAt.toISOString(), data: event.data },
  );
}

/**
 * "Send test event": a `webhook.test` event to this endpoint alone, delivered and logged like any
 * other, so the owner sees what the receiver answers before a real event depends on it. Answers the
 * event's id and the delivery to queue.
 */
export async function sendTestWebhookEvent(
  tx: Transaction,
  companyId: number,
  publicId: string,
): Promise<{ eventId: string; deliveryId: number }> {
  const [endpoint] = await tx
    .select({ id: webhookEndpoints.id, disabledAt: webhookEndpoints.disabledAt })
    .from(webhookEndpoints)
    .where(endpointKey(companyId, publicId));
  if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
  if (endpoint.disabledAt) throw new ApiError(409, "This endpoint is turned off. Turn it on to send a test event.");
  const eventId = newEventId();
  const [event] = await tx
    .insert(webhookEvents)
    .values({
      publicId: eventId,
      companyId,
      type: WEBHOOK_TEST_EVENT_TYPE,
      data: {
        endpoint: publicId,
        message:
          "A test event from ValuSeal. If your receiver verified its signature and answered 2xx, real events will reach it.",
      },
    })
    .returning({ id: webhookEvents.id });
  const [delivery] = await tx
    .insert(webhookDeliveries)
    .values({ eventId: event!.id, endpointId: endpoint.id })
    .returning({ id: webhookDeliveries.id });
  return { eventId, deliveryId: delivery!.id };
}

/**
 * A new signing secret. The replaced one goes on signing beside it for `previousSecretHours` (0 when
 * it leaked), so a receiver switched over during that time loses no event. Audited; the new secret
 * is in this answer only.
 */
export async function rotateWebhookSecret(
  tx: Transaction,
  config: Config,
  actor: Actor,
  companyId: number,
  publicId: string,
  previousSecretHours: number,
): Promise<WebhookEndpointCreated> {
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomToken(32)}`;
  const [row] = await tx
    .update(webhookEndpoints)
    .set({
      previousSecret: previousSecretHours > 0 ? webhookEndpoints.secret : null,
      previousSecretExpiresAt:
        previousSecretHours > 0 ? sql`now() + make_interval(hours => ${previousSecretHours})` : null,
      secret: await encryptWebhookSecret(config.WEBHOOK_SECRET_KEY, companyId, secret),
      updatedAt: sql`now()`,
    })
    .where(endpointKey(companyId, publicId))
    .returning(endpointColumns);
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  await recordAudit(tx, actor, [
    {
      action: "company.webhook_secret_rotated",
      targetType: "company",
      targetId: companyId,
      details: { endpoint: publicId, previousSecretHours },
    },
  ]);
  return { ...toAnswer(row), secret };
}

/** Queues the one attempt of a resend. */
export function queueResend(env: Pick<Bindings, "WEBHOOKS">, deliveryId: number) {
  return env.WEBHOOKS.send({ deliveryId, trigger: "resend" } satisfies WebhookDeliveryMessage, { contentType: "json" });
}

/** A code as the events name it. */
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
