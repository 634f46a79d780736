import { app } from "./app";
import { readConfig } from "./config";
import { connectDatabase } from "./db";
import type { Bindings } from "./env";
import type { EmailMessage } from "./lib/email-templates";
import { deliverEmails, queueEmailsNow } from "./services/email";
import { dueScanDigests } from "./services/scan-alert-emails";
import { deliverScanAlerts, type ScanAlertMessage } from "./services/scan-alerts";

type QueueMessage = ScanAlertMessage | EmailMessage;

/** The daily digests due this hour (the cron runs hourly; each company's 08:00 comes once a day). */
async function sendScanDigests(controller: ScheduledController, env: Bindings) {
  const { db, close } = connectDatabase(readConfig(env));
  try {
    await queueEmailsNow(env, await dueScanDigests(db, new Date(controller.scheduledTime)));
  } finally {
    await close();
  }
}

export default {
  fetch: app.fetch,
  async queue(batch, env) {
    if (batch.queue.startsWith("emails")) await deliverEmails(batch as MessageBatch<EmailMessage>, env);
    else await deliverScanAlerts(batch as MessageBatch<ScanAlertMessage>, env);
  },
  scheduled: sendScanDigests,
} satisfies ExportedHandler<Bindings, QueueMessage>;
