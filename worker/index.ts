import { app } from "./app";
import { readConfig } from "./config";
import { connectDatabase } from "./db";
import type { Bindings } from "./env";
import type { EmailMessage } from "./lib/email-templates";
import { deliverEmails, queueEmailsNow } from "./services/email";
import { deleteExpiredIdempotencyKeys } from "./services/idempotency";
import { dueScanAlertDigests, dueScanDigests } from "./services/scan-alert-emails";
import { deliverScanAlerts, type ScanAlertMessage } from "./services/scan-alerts";

type QueueMessage = ScanAlertMessage | EmailMessage;

/**
 * The hourly cron: the daily digests due this hour (each company's 08:00 comes once a day), the
 * alert digests of the hour that just ended (codes scanned more often than they get alert emails
 * for), and the sweep of Idempotency-Keys past their 24 hours. They are independent, so one failing
 * never skips another; a failure is still thrown, so the run is reported as failed.
 */
async function runHourlyJobs(controller: ScheduledController, env: Bindings) {
  const now = new Date(controller.scheduledTime);
  const { db, close } = connectDatabase(readConfig(env));
  try {
    const results = await Promise.allSettled([
      dueScanDigests(db, now).then((digests) => queueEmailsNow(env, digests)),
      dueScanAlertDigests(db, now).then((digests) => queueEmailsNow(env, digests)),
      deleteExpiredIdempotencyKeys(db, now),
    ]);
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
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
  scheduled: runHourlyJobs,
} satisfies ExportedHandler<Bindings, QueueMessage>;
