import type { Context } from "hono";
import { readConfig } from "../config";
import type { AppEnv, Bindings } from "../env";
import { renderEmail, type EmailMessage } from "../lib/email-templates";
import { queueBatches } from "../lib/queue-batches";
import { sendMail } from "../lib/smtp";

/** Backoff doubles from 30 s and is capped at 30 min; with the queue's max_retries (8) about 2 hours. */
const MAX_RETRY_DELAY_SECONDS = 30 * 60;
export const emailRetryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), MAX_RETRY_DELAY_SECONDS);

/**
 * Queues transactional email after the response (waitUntil): a request never waits for a mail
 * server, and the queue retries a server that is down. The answer a user gets is the same whether
 * or not an email goes out, so queueing never reveals which addresses have accounts.
 */
export function queueEmails(c: Context<AppEnv>, messages: EmailMessage[]) {
  if (messages.length === 0) return;
  c.executionCtx.waitUntil(
    queueEmailsNow(c.env, messages).catch((error: unknown) => console.error("email could not be queued", error)),
  );
}

/** Attempts per batch before the failure is the caller's, with a short pause between them. */
const BATCH_ATTEMPTS = 3;
const BATCH_RETRY_PAUSE_MS = 500;

async function sendWithRetries(env: Bindings, batch: EmailMessage[]) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await env.EMAILS.sendBatch(batch.map((body) => ({ body, contentType: "json" as const })));
      return;
    } catch (error) {
      if (attempt === BATCH_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, BATCH_RETRY_PAUSE_MS * attempt));
    }
  }
}

/**
 * For callers without a request (queue consumers, the scheduled digests): every message is queued,
 * in as many batches as the queue's limits need, or this throws (after retries) so the caller knows
 * what was not; nothing is dropped silently.
 */
export async function queueEmailsNow(env: Bindings, messages: EmailMessage[]) {
  for (const batch of queueBatches(messages)) await sendWithRetries(env, batch);
}

/** The queue consumer: renders each message with PUBLIC_ORIGIN and sends it over SMTP. */
export async function deliverEmails(batch: MessageBatch<EmailMessage>, env: Bindings) {
  const config = readConfig(env);
  const mail = config.mail;
  for (const message of batch.messages) {
    try {
      if (!mail) throw new Error("email is not configured: set SMTP_HOST, EMAIL_FROM and PUBLIC_ORIGIN");
      const rendered = renderEmail(message.body, mail.origin);
      await sendMail(mail.smtp, { from: mail.from, to: message.body.to, ...rendered });
      message.ack();
    } catch (error) {
      // The address is the recipient's; the reason is the server's. Neither carries a link token.
      console.error(`email "${message.body.kind}" not delivered (attempt ${message.attempts}):`, String(error));
      message.retry({ delaySeconds: emailRetryDelaySeconds(message.attempts) });
    }
  }
}
