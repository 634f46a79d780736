import type { Context } from "hono";
import { readConfig } from "../config";
import type { AppEnv, Bindings } from "../env";
import { renderEmail, type EmailMessage } from "../lib/email-templates";
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
  c.executionCtx.waitUntil(queueEmailsNow(c.env, messages));
}

/** For callers without a request (queue consumers, the scheduled digest). */
export async function queueEmailsNow(env: Bindings, messages: EmailMessage[]) {
  if (messages.length === 0) return;
  await env.EMAILS.sendBatch(messages.map((body) => ({ body, contentType: "json" as const }))).catch(
    (error: unknown) => {
      console.error("email could not be queued", error);
    },
  );
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
