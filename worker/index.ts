import { app } from "./app";
import { type Config, readConfig } from "./config";
import { connectDatabase, type Database } from "./db";
import { signerFor } from "./lib/signing";
import type { Bindings } from "./env";
import type { EmailMessage } from "./lib/email-templates";
import { queueEmailsNow } from "./services/email";
import { deliverEmails } from "./services/email-delivery";
import { deleteExpiredIdempotencyKeys } from "./services/idempotency";
import { dueScanAlertDigests, sendDueScanDigests } from "./services/scan-alert-emails";
import { deliverScanAlerts, type ScanAlertMessage } from "./services/scan-alerts";
import { checkpointDue, signCheckpoint } from "./services/signed-records";
import { sweepWatchNotices } from "./services/watch-notices";
import { deliverWebhooks, sweepWebhooks } from "./services/webhook-deliveries";
import type { WebhookDeliveryMessage } from "./services/webhooks";

type QueueMessage = ScanAlertMessage | EmailMessage | WebhookDeliveryMessage;

/** The checkpoint names the platform by its public origin; without one configured it waits for a request's. */
async function signCheckpointIfDue(db: Database, config: Config) {
  if (!config.PUBLIC_ORIGIN || !(await checkpointDue(db))) return;
  await signCheckpoint(db, {
    signer: await signerFor(config.SIGNING_KEY),
    origin: config.PUBLIC_ORIGIN.replace(/\/+$/, ""),
  });
}

/**
 * The hourly cron: the daily digests due this hour (each company's from 08:00, once a day, queued
 * in batches the queue accepts; a company the queue refused is due again the next hour), the
 * alert digests of the hour that just ended (codes scanned more often than they get alert emails
 * for), the sweep of Idempotency-Keys past their 24 hours, the log's checkpoint (signed when
 * the log grew, and at least once a day), the webhooks' sweep (codes that expired, deliveries
 * never queued, events past their 30 days), and the watches' (lenders told of codes that expired,
 * notices a request could not email). They are independent, so one failing
 * never skips another; a failure is still thrown, so the run is reported as failed.
 */
async function runHourlyJobs(controller: ScheduledController, env: Bindings) {
  const now = new Date(controller.scheduledTime);
  const config = readConfig(env);
  const { db, transactional, close } = connectDatabase(config);
  try {
    const results = await Promise.allSettled([
      sendDueScanDigests(db, now, (batch) => queueEmailsNow(env, batch)),
      dueScanAlertDigests(db, now).then((digests) => queueEmailsNow(env, digests)),
      deleteExpiredIdempotencyKeys(db, now),
      signCheckpointIfDue(db, config),
      sweepWebhooks(db, env),
      sweepWatchNotices(db, transactional, env),
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
    else if (batch.queue.startsWith("webhooks")) {
      await deliverWebhooks(batch as MessageBatch<WebhookDeliveryMessage>, env);
    } else await deliverScanAlerts(batch as MessageBatch<ScanAlertMessage>, env);
  },
  scheduled: runHourlyJobs,
} satisfies ExportedHandler<Bindings, QueueMessage>;
