import { readConfig } from "#worker/config.ts";
import type { Bindings } from "#worker/bindings.ts";
import { renderEmail, type EmailMessage } from "#worker/lib/email-templates.ts";
import { receiptCheckUrl, receiptFileName, receiptPdf } from "#worker/lib/receipt-pdf.ts";
import { sendMail, type MailAttachment } from "#worker/lib/smtp.ts";

/** Backoff doubles from 30 s and is capped at 30 min; with the queue's max_retries (8) about 2 hours. */
const MAX_RETRY_DELAY_SECONDS = 30 * 60;
const emailRetryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), MAX_RETRY_DELAY_SECONDS);

/** Files an email carries: a receipt's PDF, drawn from the receipt as issued. */
async function attachmentsOf(message: EmailMessage, origin: string): Promise<MailAttachment[]> {
  if (message.kind !== "receipt") return [];
  const content = await receiptPdf(message.receipt, receiptCheckUrl(origin, message.receiptId));
  return [{ filename: receiptFileName(message.receipt.number), contentType: "application/pdf", content }];
}

/** The queue consumer: renders each message with PUBLIC_ORIGIN and sends it over SMTP. */
export async function deliverEmails(batch: MessageBatch<EmailMessage>, env: Bindings) {
  const config = readConfig(env);
  const mail = config.mail;
  for (const message of batch.messages) {
    try {
      if (!mail) throw new Error("email is not configured: set SMTP_HOST, EMAIL_FROM and PUBLIC_ORIGIN");
      const rendered = renderEmail(message.body, mail.origin);
      const attachments = await attachmentsOf(message.body, mail.origin);
      await sendMail(mail.smtp, { from: mail.from, to: message.body.to, ...rendered, attachments });
      message.ack();
    } catch (error) {
      // The address is the recipient's; the reason is the server's. Neither carries a link token.
      console.error(`email "${message.body.kind}" not delivered (attempt ${message.attempts}):`, String(error));
      message.retry({ delaySeconds: emailRetryDelaySeconds(message.attempts) });
    }
  }
}
