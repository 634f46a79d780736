/**
 * The most scans one call of the scan function carries: a call is one transaction of about 20 ms,
 * so the code's visitor rows and count shard are never held for long, and the rests between calls
 * (SCAN_BUSY_SHARE) come often enough that other companies' scans, about 15 ms each, rarely sit
 * through a whole call.
 */
export const SCAN_BATCH_MAX = 50;

/**
 * The most scans of one code that may wait: a crowd of 2,500 at once fits (issue 51; paced by the
 * database's time, a call of 50 takes about 20 ms of it and the link's round trip, so 2,500 are
 * answered within seconds even 100 ms from the database). Past it the call running is stalled (a
 * lock wait, a link down) or the code is scanned faster than it may use the database, and a scan is
 * refused at once (503, "temporarily unavailable") rather than queued without end.
 */
export const SCAN_WAITING_MAX = 3000;

/**
 * The most of the time one code's calls may keep the database busy while its scans queue: after a
 * call, the next waits three times as long as the call's statement ran in the database (not the
 * call's wall time, which includes the link: with the database 100 ms away a crowd's call of 20 ms
 * of work would otherwise rest 360 ms, and a crowd of 1,000 wait 13 s, issue 51). The database's cores are shared by
 * every company's scans, and a crowd scanning one code would otherwise keep one of them busy for as
 * long as the crowd lasts: on the bench's two cores, other companies' p90 went from 1.5x to 1.2x
 * their idle one. The crowd pays for it: a burst of 1,000 scans of one code is answered over about
 * 1.5-3 s instead of 0.3 s (bench). A scan that finds its code quiet is sent at once, as before.
 */
export const SCAN_BUSY_SHARE = 0.25;

/** What one call answers: each scan's answer in order, and how long it kept the database busy (ms). */
export interface BatchAnswers<Answer> {
  answers: Answer[];
  busyMs: number;
}

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
 * the call is one statement). At most `maxWaiting` scans wait; more are refused at once. While
 * scans are waiting, calls keep the database busy for at most `busyShare` of the time: after a call
 * the next one waits for the rest (counted from the time the call says it kept the database busy),
 * during which more scans join it.
 */
export class ScanBatcher<Scan, Answer> {
  private readonly waiting: { scan: Scan; resolve: (answer: Answer) => void; reject: (error: unknown) => void }[] = [];
  private sending = false;

  constructor(
    private readonly send: (scans: Scan[]) => Promise<BatchAnswers<Answer>>,
    private readonly maxBatch: number,
    private readonly maxWaiting: number,
    private readonly busyShare: number,
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
        const started = Date.now();
        let busyMs: number;
        try {
          const { answers, busyMs: busy } = await this.send(batch.map((entry) => entry.scan));
          batch.forEach((entry, index) => entry.resolve(answers[index]!));
          busyMs = busy;
        } catch (error) {
          for (const entry of batch) entry.reject(error);
          // A call that failed says nothing of its database time: its wall time stands in for it.
          busyMs = Date.now() - started;
        }
        if (this.waiting.length > 0 && this.busyShare < 1) {
          const rest = busyMs * (1 / this.busyShare - 1);
          await new Promise((resolve) => setTimeout(resolve, rest));
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
