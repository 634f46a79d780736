import { and, eq, inArray, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { WebhookDeliveryFailure, WebhookDeliveryOutcome } from "../../schema/limits";
import { companies } from "../../schema/tables";
import type { DeviceClass } from "../../schema/validation/scans";
import { readConfig, type Config } from "../config";
import { connectDatabase, type Database } from "../db";
import type { AppEnv, Bindings } from "../env";
import { toHex } from "../lib/scan-visitor";
import { checkDestination } from "../lib/webhook-destination";
import {
  decryptWebhookSecret,
  encryptWebhookSecret,
  isEncryptedSecret,
  WEBHOOK_SECRET_PREFIX,
} from "../lib/webhook-secret";
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

/**
 * Every delivery is signed the Standard Webhooks way (standardwebhooks.com), which receivers verify
 * with that project's libraries. The X-ValuSeal-* signature of the first release is sent beside it
 * until 2027-06-30, for receivers written against it (docs/decisions/029).
 */
export const WEBHOOK_HEADERS = {
  id: "webhook-id",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;

/** The first release's headers: the same delivery id and timestamp, and its own signature. */
export const LEGACY_WEBHOOK_HEADERS = {
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

const hmacSha256 = async (key: Uint8Array, text: string): Promise<ArrayBuffer> =>
  crypto.subtle.sign(
    "HMAC",
    await crypto.subtle.importKey("raw", key as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]),
    encoder.encode(text),
  );

/**
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`, keyed as Standard Webhooks reads a
 * `whsec_` secret: the base64 after the prefix, as bytes. Every secret we issue is `whsec_` and 32
 * base62 characters, which read as base64 too, so the libraries take the secret the owner was shown.
 */
export async function signStandardWebhook(secret: string, id: string, timestamp: string, body: string) {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  const key = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
  const signature = await hmacSha256(key, `${id}.${timestamp}.${body}`);
  return `v1,${btoa(String.fromCharCode(...new Uint8Array(signature)))}`;
}

/**
 * The first release's signature: `v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` keyed with the
 * secret's text. The timestamp is signed with the body, so a receiver that refuses old timestamps
 * (5 minutes is what we document) cannot be fed a captured delivery again later.
 */
export async function signLegacyWebhook(secret: string, timestamp: string, body: string): Promise<string> {
  return `v1=${toHex(await hmacSha256(encoder.encode(secret), `${timestamp}.${body}`))}`;
}

interface WebhookTarget {
  url: string;
  secret: string;
}

/** One attempt's result: why it did not arrive, or null when the receiver answered 2xx. */
type Attempt = WebhookDeliveryFailure | null;

interface DeliveryOutcome {
  companyId: number;
  outcome: WebhookDeliveryOutcome;
  failure: WebhookDeliveryFailure | null;
  at: Date;
}

/**
 * The webhooks of these companies with their secrets decrypted. A secret still stored as plaintext
 * (saved before encryption at rest) is encrypted now, unless the owner replaced it meanwhile. One
 * that does not decrypt (WEBHOOK_SECRET_KEY was changed) is logged and its alerts dropped: the
 * owner saves the webhook again to get a new secret.
 */
async function loadWebhookTargets(db: Database, config: Config, companyIds: number[]) {
  const rows = await db
    .select({ id: companies.id, url: companies.webhookUrl, secret: companies.webhookSecret })
    .from(companies)
    .where(inArray(companies.id, companyIds));
  const targets = new Map<number, WebhookTarget>();
  await Promise.all(
    rows.map(async ({ id, url, secret }) => {
      if (!url || !secret) return;
      try {
        targets.set(id, { url, secret: await decryptWebhookSecret(config.WEBHOOK_SECRET_KEY, id, secret) });
      } catch (error) {
        console.error(`webhook secret of company ${id} cannot be decrypted with WEBHOOK_SECRET_KEY`, error);
        return;
      }
      if (isEncryptedSecret(secret)) return;
      await db
        .update(companies)
        .set({
          webhookSecret: await encryptWebhookSecret(config.WEBHOOK_SECRET_KEY, id, secret),
          updatedAt: sql`${companies.updatedAt}`,
        })
        .where(and(eq(companies.id, id), eq(companies.webhookSecret, secret)));
    }),
  );
  return targets;
}

async function postAlert(target: WebhookTarget, message: Message<ScanAlertMessage>, config: Config): Promise<Attempt> {
  // Checked before every attempt, retries included: the name's addresses may have changed since.
  const refused = await checkDestination(target.url, {
    allowLoopback: config.allowsLocalReceivers,
    resolver: config.WEBHOOK_DNS_RESOLVER,
  });
  if (refused) return refused;
  const body = JSON.stringify(message.body.alert);
  const timestamp = String(Math.floor(Date.now() / 1000));
  // Signed before sending: a secret that cannot sign is our fault, not the receiver's "no answer".
  const [signature, legacySignature] = await Promise.all([
    signStandardWebhook(target.secret, message.id, timestamp, body),
    signLegacyWebhook(target.secret, timestamp, body),
  ]);
  try {
    const response = await fetch(target.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "ValuSeal-Webhooks/1.0",
        // The queue message's id stays the same on every retry, so a receiver can ignore repeats.
        [WEBHOOK_HEADERS.id]: message.id,
        [WEBHOOK_HEADERS.timestamp]: timestamp,
        [WEBHOOK_HEADERS.signature]: signature,
        [LEGACY_WEBHOOK_HEADERS.signature]: legacySignature,
        [LEGACY_WEBHOOK_HEADERS.timestamp]: timestamp,
        [LEGACY_WEBHOOK_HEADERS.delivery]: message.id,
        [LEGACY_WEBHOOK_HEADERS.event]: message.body.alert.event,
      },
      body,
      // A redirect could send the signed body somewhere the owner never configured, and past the
      // address check: it counts as an error answer.
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok ? null : "receiver-error";
  } catch {
    // No answer within the timeout, or no connection at all.
    return "no-answer";
  }
}

async function deliver(message: Message<ScanAlertMessage>, target: WebhookTarget | undefined, config: Config) {
  // The owner removed the webhook after the scan: nothing to deliver.
  if (!target) {
    message.ack();
    return null;
  }
  const failure = await postAlert(target, message, config);
  let outcome: WebhookDeliveryOutcome = "delivered";
  // A refused address is the owner's to fix, not a passing fault: it is not tried again.
  if (!failure || failure === "address-not-allowed") message.ack();
  else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  if (failure === "address-not-allowed") outcome = "failed";
  else if (failure) outcome = message.attempts >= MAX_DELIVERY_ATTEMPTS ? "failed" : "pending";
  return { companyId: message.body.companyId, outcome, failure, at: new Date() } satisfies DeliveryOutcome;
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
          webhookLastDeliveryFailure: outcome.failure,
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
 * message's first attempt; past a few scans of one code in an hour, the rest wait for the hour's
 * digest, docs/decisions/026), then one webhook POST per message (every counted scan), retried
 * with exponential backoff.
 */
export async function deliverScanAlerts(batch: MessageBatch<ScanAlertMessage>, env: Bindings) {
  const config = readConfig(env);
  const { db, close } = connectDatabase(config);
  try {
    const firstAttempts = batch.messages.filter((message) => message.attempts === 1).map((message) => message.body);
    // Queued only on a message's first attempt, so a failure here (after queueEmailsNow's own
    // retries) is logged rather than failing the batch: that would hold back its webhooks too.
    await queueEmailsNow(env, await scanAlertEmails(db, firstAttempts)).catch((error: unknown) =>
      console.error("scan alert emails could not be queued", error),
    );
    const companyIds = [...new Set(batch.messages.map((message) => message.body.companyId))];
    const targets = await loadWebhookTargets(db, config, companyIds);
    const outcomes = await Promise.all(
      batch.messages.map((message) => deliver(message, targets.get(message.body.companyId), config)),
    );
    await recordOutcomes(
      db,
      outcomes.filter((outcome) => outcome !== null),
    );
  } finally {
    await close();
  }
}
