/**
 * What one `sendBatch` may carry: Cloudflare Queues refuse a batch of more than 100 messages or
 * 256 KB, and refuse it whole. The byte budget leaves room for each message's own overhead.
 */
const BATCH_MESSAGES = 100;
const BATCH_BYTES = 200_000;

/** The messages in order, cut into batches the queue accepts (a message alone is always its own batch). */
export function queueBatches<Message>(messages: readonly Message[]): Message[][] {
  const encoder = new TextEncoder();
  const batches: Message[][] = [];
  let current: Message[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = encoder.encode(JSON.stringify(message)).byteLength;
    if (current.length > 0 && (current.length === BATCH_MESSAGES || bytes + size > BATCH_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(message);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
