import { inArray, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { WebhookDeliveryOutcome } from "../../schema/limits";
import { companies } from "../../schema/tables";
import type { DeviceClass } from "../../schema/validation/scans";
import { readConfig } from "../config";
import { connectDatabase, type Database } from "../db";
import type { AppEnv, Bindings } from "../env";
import { toHex } from "../lib/scan-visitor";
import { queueEmailsNow } from "./email";
import { scanAlertEmails } from "./scan-alert-emails";

/** The JSON body POSTed to a company's webhook for each counted scan. */
export interface ScanAlert {
  event: "code.scanned";
  /** id is the public token (what the printed code carries), never the internal id. */
  code: { id: string; reference: string | null; address: string };
  scan: { at: string; country: string | null; city: string | null; device: DeviceClass };
  verificationCount: number;
}

/**
 * One queue message per counted scan of a company with a webhook or email alerts; the URL, secret
 * and recipients are read at delivery time. `codeId` links the email to the code's page.
 */
export interface ScanAlertMessage {
  companyId: number;
  codeId: number;
  alert: ScanAlert;
}

export const WEBHOOK_HEADERS = {
  signature: "X-ValuSeal-Signature",
  timestamp: "X-ValuSeal-Timestamp",
  delivery: "X-ValuSeal-Delivery",
  event: "X-ValuSeal-Event",
} as const;

const WEBHOOK_TIMEOUT_MS = 5000;
/** Backoff doubles from 2 s and is capped at 15 min; with max_retries = 10 a receiver has ~30 min. */
const MAX_RETRY_DELAY_SECONDS = 15 * 60;
/** The first attempt plus the queue's max_retries (wrangler.toml): after this one the message is dropped. */
const MAX_DELIVERY_ATTEMPTS = 11;

export const retryDelaySeconds = (attempts: number) => Math.min(2 ** attempts, MAX_RETRY_DELAY_SECONDS);

/** Sends after the response (waitUntil), so a scan never waits for the queue. */
export function enqueueScanAlert(c: Context<AppEnv>, message: ScanAlertMessage | null) {
  if (!message) return;
  c.executionCtx.waitUntil(
    c.env.SCAN_ALERTS.send(message, { contentType: "json" }).catch((error: unknown) => {
      console.error("scan alert could not be queued", error);
    }),
  );
}

const encoder = new TextEncoder();

/** `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the company's webhook secret. */
export async function signWebhookBody(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return `sha256=${toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(body)))}`;
}

interface WebhookTarget {
  url: string;
  secret: string;
}

/** One attempt's result: `statusCode` is the receiver's HTTP status, null when it never answered. */
interface Attempt {
  ok: boolean;
  statusCode: number | null;
}

interface DeliveryOutcome {
  companyId: number;
  outcome: WebhookDeliveryOutcome;
  statusCode: number | null;
  at: Date;
}

async function loadWebhookTargets(db: Database, companyIds: number[]): Promise<Map<number, WebhookTarget>> {
  const rows = await db
    .select({ id: companies.id, url: companies.webhookUrl, secret: companies.webhookSecret })
    .from(companies)
    .where(inArray(companies.id, companyIds));
  return new Map(
    rows.flatMap((row) => (row.url && row.secret ? [[row.id, { url: row.url, secret: row.secret }]] : [])),
  );
}

async function postAlert(target: WebhookTarget, message: Message<ScanAlertMessage>): Promise<Attempt> {
  const body = JSON.stringify(message.body.alert);
  try {
    const response = await fetch(target.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "ValuSeal-Webhooks/1.0",
        [WEBHOOK_HEADERS.signature]: await signWebhookBody(target.secret, body),
        [WEBHOOK_HEADERS.timestamp]: String(Math.floor(Date.now() / 1000)),
        [WEBHOOK_HEADERS.delivery]: message.id,
        [WEBHOOK_HEADERS.event]: message.body.alert.event,
      },
      body,
      // A redirect could send the signed body somewhere the owner never configured.
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return { ok: response.ok, statusCode: response.status };
  } catch {
    // No answer within the timeout, or no connection at all.
    return { ok: false, statusCode: null };
  }
}

async function deliver(message: Message<ScanAlertMessage>, target: WebhookTarget | undefined) {
  // The owner removed the webhook after the scan: nothing to deliver.
  if (!target) {
    message.ack();
    return null;
  }
  const { ok, statusCode } = await postAlert(target, message);
  let outcome: WebhookDeliveryOutcome = "delivered";
  if (ok) message.ack();
  else {
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    outcome = message.attempts >= MAX_DELIVERY_ATTEMPTS ? "failed" : "pending";
  }
  return { companyId: message.body.companyId, outcome, statusCode, at: new Date() } satisfies DeliveryOutcome;
}

/** Keeps the latest attempt per company; an older, slower delivery never overwrites a newer one. */
async function recordOutcomes(db: Database, outcomes: DeliveryOutcome[]) {
  const latest = new Map<number, DeliveryOutcome>();
  for (const outcome of outcomes) latest.set(outcome.companyId, outcome);
  await Promise.all(
    [...latest.values()].map((outcome) =>
      db
        .update(companies)
        // Delivery bookkeeping is not an edit of the company: keep updatedAt as it was.
        .set({
          webhookLastDeliveryAt: outcome.at,
          webhookLastDeliveryOutcome: outcome.outcome,
          webhookLastDeliveryStatusCode: outcome.statusCode,
          updatedAt: sql`${companies.updatedAt}`,
        })
        .where(
          sql`${companies.id} = ${outcome.companyId} AND (${companies.webhookLastDeliveryAt} IS NULL OR ${companies.webhookLastDeliveryAt} <= ${outcome.at.toISOString()})`,
        ),
    ),
  );
}

/**
 * The queue consumer: the alert emails of companies that chose one per scan (queued once, on a
 * message's first attempt), then one webhook POST per message, retried with exponential backoff.
 */
export async function deliverScanAlerts(batch: MessageBatch<ScanAlertMessage>, env: Bindings) {
  const { db, close } = connectDatabase(readConfig(env));
  try {
    const firstAttempts = batch.messages.filter((message) => message.attempts === 1).map((message) => message.body);
    await queueEmailsNow(env, await scanAlertEmails(db, firstAttempts));
    const companyIds = [...new Set(batch.messages.map((message) => message.body.companyId))];
    const targets = await loadWebhookTargets(db, companyIds);
    const outcomes = await Promise.all(
      batch.messages.map((message) => deliver(message, targets.get(message.body.companyId))),
    );
    await recordOutcomes(
      db,
      outcomes.filter((outcome) => outcome !== null),
    );
  } finally {
    await close();
  }
}
