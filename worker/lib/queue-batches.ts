/**
 * What one `sendBatch` may carry: Cloudflare Queues refuse a batch of more than 100 messages or
 * 256 KB, and refuse it whole. The byte budget leaves room for each message's own overhead.
 */
const BATCH_MESSAGES = 100;
const BATCH_BYTES = 200_000;

/** A batch the queue accepts, and which of the groups given its messages came from. */
export interface GroupedBatch<Message> {
  messages: Message[];
  groups: number[];
}

/**
 * The groups' messages in order, cut into batches the queue accepts, a group never split across
 * two batches unless it is too large for one (it then has batches of its own). A sender that knows
 * which batch the queue refused then knows exactly whose messages were not sent.
 */
export function queueBatchesOfGroups<Message>(groups: readonly (readonly Message[])[]): GroupedBatch<Message>[] {
  const encoder = new TextEncoder();
  const batches: GroupedBatch<Message>[] = [];
  let current: GroupedBatch<Message> = { messages: [], groups: [] };
  let bytes = 0;
  const close = () => {
    if (current.messages.length > 0) batches.push(current);
    current = { messages: [], groups: [] };
    bytes = 0;
  };
  const add = (message: Message, size: number, group: number) => {
    current.messages.push(message);
    if (current.groups.at(-1) !== group) current.groups.push(group);
    bytes += size;
  };
  groups.forEach((group, index) => {
    const sizes = group.map((message) => encoder.encode(JSON.stringify(message)).byteLength);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    if (group.length <= BATCH_MESSAGES && total <= BATCH_BYTES) {
      if (current.messages.length + group.length > BATCH_MESSAGES || bytes + total > BATCH_BYTES) close();
      group.forEach((message, at) => add(message, sizes[at]!, index));
      return;
    }
    // Too large for one batch: its own batches, each as full as the limits allow (a message alone always is one).
    close();
    group.forEach((message, at) => {
      if (current.messages.length === BATCH_MESSAGES || bytes + sizes[at]! > BATCH_BYTES) close();
      add(message, sizes[at]!, index);
    });
    close();
  });
  close();
  return batches;
}

/** The messages in order, cut into batches the queue accepts (a message alone is always its own batch). */
export function queueBatches<Message>(messages: readonly Message[]): Message[][] {
  return queueBatchesOfGroups(messages.map((message) => [message])).map((batch) => batch.messages);
}
