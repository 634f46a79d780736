/**
 * At most `max` server connections at once, the rest wait in order: what Neon's pooler does in front
 * of a compute whose max_connections is finite. Without it a burst of requests opens one server
 * connection each and Postgres refuses the 101st with "too many clients".
 */
class QueueTimeoutError extends Error {
  constructor(waitedMs: number) {
    super(`no database connection became free within ${waitedMs} ms (the bridge's connection cap is in use)`);
  }
}

interface Waiter {
  grant: () => void;
  fail: (error: Error) => void;
}

export class ConnectionCap {
  private inUse = 0;
  private peakInUse = 0;
  private readonly waiters: Waiter[] = [];

  constructor(
    readonly max: number,
    private readonly queueTimeoutMs: number,
  ) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`connection cap must be a positive integer, got ${max}`);
  }

  get open() {
    return this.inUse;
  }

  get peak() {
    return this.peakInUse;
  }

  get waiting() {
    return this.waiters.length;
  }

  /**
   * Resolves once a slot is free; the caller must `release()` it exactly once when its server
   * connection closes. `signal` withdraws a waiter whose client went away while it waited.
   */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new Error("aborted while waiting for a connection"));
    if (this.inUse < this.max) {
      this.take();
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
      };
      const waiter: Waiter = {
        grant: () => {
          leave();
          this.take();
          resolve();
        },
        fail: (error) => {
          leave();
          reject(error);
        },
      };
      const onAbort = () => waiter.fail(new Error("aborted while waiting for a connection"));
      const timer = setTimeout(() => waiter.fail(new QueueTimeoutError(this.queueTimeoutMs)), this.queueTimeoutMs);
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  release() {
    this.inUse--;
    this.waiters[0]?.grant();
  }

  /** Fails every waiter (the bridge is closing). */
  rejectAll(error: Error) {
    for (const waiter of [...this.waiters]) waiter.fail(error);
  }

  private take() {
    this.inUse++;
    this.peakInUse = Math.max(this.peakInUse, this.inUse);
  }
}
