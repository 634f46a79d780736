/**
 * The most scans one call of the scan function carries: a crowd's scans still go a few hundred to a
 * statement (each call is one transaction of a few milliseconds), and no answer waits behind an
 * unbounded statement.
 */
export const SCAN_BATCH_MAX = 200;

/**
 * The most scans of one code that may wait: ten full calls behind the one running. Past it the call
 * running is stalled (a lock wait, a slow link), and a scan is refused at once rather than queued
 * behind it without end.
 */
export const SCAN_WAITING_MAX = 10 * SCAN_BATCH_MAX;

/** A scan refused because too many of its code's scans are already waiting (SCAN_WAITING_MAX). */
export class ScanQueueFullError extends Error {
  override readonly name = "ScanQueueFullError";
}

/**
 * Group commit for one code's scans: the first scan is sent at once; scans that arrive while a call
 * is running wait, and go together as the next call (at most `maxBatch` a call). A lone scan so
 * waits for nothing, and a crowd scanning one code costs the database one call at a time, whatever
 * the crowd's size, instead of a statement and a server connection per scan. Each scan's promise
 * settles with its own answer, or with the call's error (a failed call counted none of its scans:
 * the call is one statement). At most `maxWaiting` scans wait; more are refused at once.
 */
export class ScanBatcher<Scan, Answer> {
  private readonly waiting: { scan: Scan; resolve: (answer: Answer) => void; reject: (error: unknown) => void }[] = [];
  private sending = false;

  constructor(
    private readonly send: (scans: Scan[]) => Promise<Answer[]>,
    private readonly maxBatch: number,
    private readonly maxWaiting: number,
  ) {}

  submit(scan: Scan): Promise<Answer> {
    if (this.waiting.length >= this.maxWaiting) {
      return Promise.reject(new ScanQueueFullError(`${this.maxWaiting} scans of this code are already waiting`));
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({ scan, resolve, reject });
      if (!this.sending) void this.sendWaiting();
    });
  }

  private async sendWaiting() {
    this.sending = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        try {
          const answers = await this.send(batch.map((entry) => entry.scan));
          batch.forEach((entry, index) => entry.resolve(answers[index]!));
        } catch (error) {
          for (const entry of batch) entry.reject(error);
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
