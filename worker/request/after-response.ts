import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { EmailMessage } from "../lib/email-templates";
import { queueEmailsNow } from "../services/email/email";
import type { ScanAlertMessage } from "../queue-messages";
import { sendWatchNotices } from "../services/lenders/watch-notices";
import { claimAndQueueDeliveries, type Outbox } from "../services/integration/webhooks";

/**
 * Work a request hands to the queues once it has answered (waitUntil): a request never waits for a
 * mail server, a queue or a webhook receiver. The services queue with an environment and a database
 * handle; these read them from the request.
 */

/**
 * Transactional email. The answer a user gets is the same whether or not an email goes out, so
 * queueing never reveals which addresses have accounts.
 */
export function queueEmails(c: Context<AppEnv>, messages: EmailMessage[]) {
  if (messages.length === 0) return;
  c.executionCtx.waitUntil(
    queueEmailsNow(c.env, messages).catch((error: unknown) => console.error("email could not be queued", error)),
  );
}

/** A counted scan's alert (emails and the code.scanned event): a scan never waits for the queue. */
export function enqueueScanAlert(c: Context<AppEnv>, message: ScanAlertMessage | null) {
  if (!message) return;
  c.executionCtx.waitUntil(
    c.env.SCAN_ALERTS.send(message, { contentType: "json" }).catch((error: unknown) => {
      console.error("scan alert could not be queued", error);
    }),
  );
}

/**
 * What the request's transaction told others: its webhook deliveries and watch notices (the hourly
 * sweep sends any this fails to), and its emails.
 */
export function queueOutboxAfterResponse(c: Context<AppEnv>, outbox: Outbox) {
  queueEmails(c, outbox.emails);
  if (outbox.deliveryIds.length > 0) {
    c.executionCtx.waitUntil(
      claimAndQueueDeliveries(c.env, c.var.db, outbox.deliveryIds).catch((error: unknown) =>
        console.error("webhook deliveries could not be queued; the hourly sweep sends them", error),
      ),
    );
  }
  if (outbox.watchNoticeIds.length > 0) {
    c.executionCtx.waitUntil(
      sendWatchNotices(c.env, c.var.db, outbox.watchNoticeIds).catch((error: unknown) =>
        console.error("watch notices could not be queued; the hourly sweep sends them", error),
      ),
    );
  }
}
