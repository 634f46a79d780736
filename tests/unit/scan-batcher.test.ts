import { expect, it, vi } from "vitest";
import { ScanBatcher } from "#worker/lib/scan-batcher.ts";

/** A batcher whose calls are recorded and answered when the test says so; calls back to back unless `busyShare` is given. */
function recordingBatcher(maxBatch: number, maxWaiting = 100, busyShare = 1) {
  const calls: { scans: number[]; answer: (busyMs?: number) => void; fail: (error: Error) => void }[] = [];
  const batcher = new ScanBatcher<number, string>(
    (scans) =>
      new Promise((resolve, reject) => {
        calls.push({
          scans,
          answer: (busyMs = 0) => resolve({ answers: scans.map((scan) => `answer ${scan}`), busyMs }),
          fail: reject,
        });
      }),
    maxBatch,
    maxWaiting,
    busyShare,
  );
  return { batcher, calls };
}

it("sends a lone scan at once, and the scans that arrive meanwhile together as the next call", async () => {
  const { batcher, calls } = recordingBatcher(10);
  const first = batcher.submit(1);
  expect(calls.map((call) => call.scans)).toEqual([[1]]);
  const later = [2, 3, 4].map((scan) => batcher.submit(scan));
  // Nothing more is sent while the first call runs.
  expect(calls).toHaveLength(1);
  calls[0]!.answer();
  expect(await first).toBe("answer 1");
  await vi.waitFor(() => expect(calls).toHaveLength(2));
  expect(calls[1]!.scans).toEqual([2, 3, 4]);
  calls[1]!.answer();
  expect(await Promise.all(later)).toEqual(["answer 2", "answer 3", "answer 4"]);
});

it("carries at most maxBatch scans a call, in the order they arrived", async () => {
  const { batcher, calls } = recordingBatcher(2);
  const answers = [1, 2, 3, 4, 5].map((scan) => batcher.submit(scan));
  for (let call = 0; call < 3; call += 1) {
    await vi.waitFor(() => expect(calls).toHaveLength(call + 1));
    calls[call]!.answer();
  }
  expect(calls.map((call) => call.scans)).toEqual([[1], [2, 3], [4, 5]]);
  expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5].map((scan) => `answer ${scan}`));
});

it("fails only the scans of a failed call, and goes on with the next", async () => {
  const { batcher, calls } = recordingBatcher(10);
  const first = batcher.submit(1);
  const second = batcher.submit(2);
  calls[0]!.fail(new Error("database unavailable"));
  await expect(first).rejects.toThrow("database unavailable");
  await vi.waitFor(() => expect(calls).toHaveLength(2));
  calls[1]!.answer();
  expect(await second).toBe("answer 2");
  // Idle again: the next scan is sent at once.
  void batcher.submit(3);
  await vi.waitFor(() => expect(calls).toHaveLength(3));
  expect(calls[2]!.scans).toEqual([3]);
});

it("refuses a scan at once when maxWaiting scans are already waiting behind a call", async () => {
  const { batcher, calls } = recordingBatcher(10, 2);
  const running = batcher.submit(1);
  const waiting = [batcher.submit(2), batcher.submit(3)];
  await expect(batcher.submit(4)).rejects.toThrow("2 scans of this code are already waiting");
  calls[0]!.answer();
  await running;
  await vi.waitFor(() => expect(calls).toHaveLength(2));
  expect(calls[1]!.scans).toEqual([2, 3]);
  calls[1]!.answer();
  expect(await Promise.all(waiting)).toEqual(["answer 2", "answer 3"]);
});

it("while scans wait, keeps the database busy for at most its share of the time, and sends a lone scan at once", async () => {
  vi.useFakeTimers();
  try {
    const { batcher, calls } = recordingBatcher(10, 100, 0.5);
    const first = batcher.submit(1);
    const second = batcher.submit(2);
    // The first call keeps the database busy 40 ms: with half the time its share, the next waits 40 ms more.
    await vi.advanceTimersByTimeAsync(40);
    calls[0]!.answer(40);
    expect(await first).toBe("answer 1");
    await vi.advanceTimersByTimeAsync(39);
    const third = batcher.submit(3);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    // The scan that arrived during the wait goes with the next call.
    expect(calls.map((call) => call.scans)).toEqual([[1], [2, 3]]);
    calls[1]!.answer();
    expect(await Promise.all([second, third])).toEqual(["answer 2", "answer 3"]);
    // Nothing waited behind that call, so nothing holds the next scan back.
    void batcher.submit(4);
    expect(calls.map((call) => call.scans)).toEqual([[1], [2, 3], [4]]);
  } finally {
    vi.useRealTimers();
  }
});

it("rests by the time a call kept the database busy, not by its wall time on a slow link", async () => {
  vi.useFakeTimers();
  try {
    const { batcher, calls } = recordingBatcher(10, 100, 0.25);
    const first = batcher.submit(1);
    const second = batcher.submit(2);
    // 120 ms on the wire (a 100 ms link), 20 ms of it the database's: the rest is 60 ms, not 360.
    await vi.advanceTimersByTimeAsync(120);
    calls[0]!.answer(20);
    expect(await first).toBe("answer 1");
    await vi.advanceTimersByTimeAsync(59);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.scans)).toEqual([[1], [2]]);
    calls[1]!.answer(20);
    expect(await second).toBe("answer 2");
  } finally {
    vi.useRealTimers();
  }
});
