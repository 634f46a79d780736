import { undeliveredEmails } from "#schema/tables.ts";
import { type Config, readConfig } from "#worker/config.ts";
import { connectDatabase } from "#worker/db.ts";
import type { Bindings } from "#worker/bindings.ts";
import { renderEmail, type EmailMessage } from "#worker/lib/email-templates.ts";
import { receiptCheckUrl, receiptFileName, receiptPdf } from "#worker/lib/receipt-pdf.ts";
import { sendMail, type MailAttachment } from "#worker/lib/smtp.ts";

/** Backoff doubles from 30 s and is capped at 30 min; with the queue's max_retries (8) about 2 hours. */
const MAX_RETRY_DELAY_SECONDS = 30 * 60;
const emailRetryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), MAX_RETRY_DELAY_SECONDS);
/** The first attempt plus the queue's max_retries (wrangler.toml): after this one the queue drops the message. */
export const MAX_EMAIL_ATTEMPTS = 9;

/** Files an email carries: a receipt's PDF, drawn from the receipt as issued. */
function attachmentsOf(message: EmailMessage, origin: string): MailAttachment[] {
  if (message.kind !== "receipt") return [];
  const content = receiptPdf(message.receipt, receiptCheckUrl(origin, message.receiptId));
  return [{ filename: receiptFileName(message.receipt.number), contentType: "application/pdf", content }];
}

/**
 * The queue consumer: renders each message with PUBLIC_ORIGIN and sends it over SMTP. A message
 * whose last attempt fails is recorded in undelivered_emails (the System health card lists it and
 * the administrators are alerted) rather than dropped by the queue unseen.
 */
export async function deliverEmails(batch: MessageBatch<EmailMessage>, env: Bindings) {
  const config = readConfig(env);
  const mail = config.mail;
  const givenUp: { message: Message<EmailMessage>; row: UndeliveredEmail }[] = [];
  for (const message of batch.messages) {
    try {
      if (!mail) throw new Error("email is not configured: set SMTP_HOST, EMAIL_FROM and PUBLIC_ORIGIN");
      const rendered = renderEmail(message.body, mail.origin);
      const attachments = attachmentsOf(message.body, mail.origin);
      await sendMail(mail.smtp, { from: mail.from, to: message.body.to, ...rendered, attachments });
      message.ack();
    } catch (error) {
      // The address is the recipient's; the reason is the server's. Neither carries a link token.
      console.error(`email "${message.body.kind}" not delivered (attempt ${message.attempts}):`, String(error));
      if (message.attempts < MAX_EMAIL_ATTEMPTS) {
        message.retry({ delaySeconds: emailRetryDelaySeconds(message.attempts) });
        continue;
      }
      const row = { kind: message.body.kind, recipient: message.body.to, attempts: message.attempts };
      givenUp.push({ message, row: { ...row, error: String(error).slice(0, 300) } });
    }
  }
  if (givenUp.length === 0) return;
  await recordUndelivered(
    config,
    givenUp.map(({ row }) => row),
  );
  for (const { message } of givenUp) message.ack();
}

type UndeliveredEmail = typeof undeliveredEmails.$inferInsert;

/**
 * Records the emails given up on, then acknowledges them. Should the database not answer either,
 * the messages are left unacknowledged and the queue drops them: the error is in the Worker's log.
 */
async function recordUndelivered(config: Config, rows: UndeliveredEmail[]) {
  const { db, close } = connectDatabase(config);
  try {
    await db.insert(undeliveredEmails).values(rows);
  } finally {
    await close();
  }
}
