import type { Bindings } from "#worker/bindings.ts";
import type { EmailMessage } from "#worker/lib/email-templates.ts";
import { queueBatches } from "#worker/lib/queue-batches.ts";

/**
 * Transactional email, queued (the EMAILS queue's consumer, which sends over SMTP, is
 * ./email-delivery; a request queues through worker/request/after-response).
 */

/** Attempts per batch before the failure is the caller's, with a short pause between them. */
const BATCH_ATTEMPTS = 3;
const BATCH_RETRY_PAUSE_MS = 500;

/** One batch the queue accepts (see queueBatches), tried BATCH_ATTEMPTS times before the error is thrown. */
export async function queueEmailBatch(env: Bindings, batch: EmailMessage[]) {
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
  for (const batch of queueBatches(messages)) await queueEmailBatch(env, batch);
}
