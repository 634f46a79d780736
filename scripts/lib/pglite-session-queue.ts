import type { PGlite } from "@electric-sql/pglite";

/**
 * PGlite is a single Postgres backend shared by every socket connection. pglite-socket's own queue
 * interleaves connections message by message, so one connection's Parse/Bind/Execute could run
 * between another's, mixing their unnamed statements and portals (wrong results under concurrency).
 *
 * This queue gives the backend to one connection from its first message until it completes a
 * cycle — Sync, simple Query or Terminate outside a transaction — and only then serves the next.
 * It has the interface pglite-socket's server hands to each connection handler.
 */
interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

export class PgliteSessionQueue {
  private queue: Pending[] = [];
  private processing = false;
  /** The connection that holds the backend mid-cycle (or mid-transaction), if any. */
  private owner: number | null = null;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength() {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number) {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error("Handler disconnected"));
      return false;
    });
  }

  /** A connection that drops mid-transaction must not leave the shared backend inside it. */
  async clearTransactionIfNeeded(handlerId: number) {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    this.owner = null;
    await this.process();
  }

  private next(): Pending | undefined {
    if (this.owner === null) return this.queue.shift();
    const index = this.queue.findIndex((item) => item.handlerId === this.owner);
    return index === -1 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async process() {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        await this.run(item);
      }
    } finally {
      this.processing = false;
    }
  }

  private async run(item: Pending) {
    let bytes = 0;
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(item.message, {
          onRawData: (data) => {
            bytes += data.length;
            item.onData(data);
          },
        }),
      );
    } catch (error) {
      this.owner = null;
      item.reject(error);
      return;
    }
    const type = item.message[0];
    const cycleComplete = type === SYNC || type === QUERY || type === TERMINATE || type === 0; // 0: startup message
    this.owner = cycleComplete && !this.db.isInTransaction() ? null : item.handlerId;
    item.resolve(bytes);
  }
}
