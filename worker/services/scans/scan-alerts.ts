import type { ScanAlertMessage } from "#worker/queue-messages.ts";
import { readConfig } from "#worker/config.ts";
import { connectDatabase } from "#worker/db.ts";
import type { Bindings } from "#worker/bindings.ts";
import { queueEmailsNow } from "../email/email";
import { earlierScansInHour, SCAN_ALERT_EMAILS_PER_HOUR, scanAlertEmails } from "./scan-alert-emails";
import { claimAndQueueDeliveries, recordWebhookEvents } from "../integration/webhooks";

/**
 * A code's counted scans of one UTC hour that get a code.scanned event each: a report is scanned a
 * few times a day, and a code scanned more often than this is a flood or a script, which must not
 * turn into as many deliveries to the firm's systems. Read from the scan log, as the email cap is,
 * so a batch tried again drops the same events. The scans past it still count on the code.
 */
export const SCAN_WEBHOOK_EVENTS_PER_HOUR = 20;

/**
 * The scan-alert queue's consumer: the alert emails of companies that chose one per scan (queued
 * once, on a message's first attempt; past a few scans of one code in an hour, the rest wait for
 * the hour's digest, docs/decisions/026), then a code.scanned event for the company's webhook
 * endpoints, up to SCAN_WEBHOOK_EVENTS_PER_HOUR a code. The event's id is made from the message's,
 * so a batch tried again records none twice.
 */
export async function deliverScanAlerts(batch: MessageBatch<ScanAlertMessage>, env: Bindings) {
  const config = readConfig(env);
  const { db, close } = connectDatabase(config);
  try {
    // One read of the scan log ranks each scan in its code's hour, for the email cap and the event cap.
    const earlier = await earlierScansInHour(
      db,
      batch.messages.map((message) => message.body),
      Math.max(SCAN_ALERT_EMAILS_PER_HOUR, SCAN_WEBHOOK_EVENTS_PER_HOUR),
    );
    const firstAttempts = batch.messages.flatMap((message, index) =>
      message.attempts === 1 ? [{ message: message.body, earlierInHour: earlier[index]! }] : [],
    );
    // Queued only on a message's first attempt, so a failure here (after queueEmailsNow's own
    // retries) is logged rather than failing the batch: that would hold back its webhooks too.
    await queueEmailsNow(env, await scanAlertEmails(db, firstAttempts)).catch((error: unknown) =>
      console.error("scan alert emails could not be queued", error),
    );
    const deliveries = await recordWebhookEvents(
      db,
      batch.messages
        .filter((_, index) => earlier[index]! < SCAN_WEBHOOK_EVENTS_PER_HOUR)
        .map(({ id, body }) => {
          const { event: type, ...data } = body.alert;
          return { publicId: `msg_${id}`, companyId: body.companyId, type, codeId: body.codeId, data };
        }),
    );
    await claimAndQueueDeliveries(env, db, deliveries).catch((error: unknown) =>
      console.error("webhook deliveries could not be queued; the hourly sweep sends them", error),
    );
    batch.ackAll();
  } finally {
    await close();
  }
}
