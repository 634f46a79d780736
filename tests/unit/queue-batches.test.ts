import { describe, expect, it } from "vitest";
import { queueBatches } from "#worker/lib/queue-batches.ts";

const message = (index: number, bytes: number) => ({ index, text: "x".repeat(bytes) });
const size = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).byteLength;

describe("queueBatches", () => {
  it("keeps every batch within the queue's 100 messages and 256 KB, in order, losing nothing", () => {
    const messages = Array.from({ length: 250 }, (_, index) => message(index, 7_400));
    const batches = queueBatches(messages);
    expect(batches.flat()).toEqual(messages);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(100);
      expect(batch.reduce((total, item) => total + size(item), 0)).toBeLessThanOrEqual(200_000);
    }
    expect(batches.length).toBe(10);
  });

  it("cuts at 100 messages when they are small", () => {
    const batches = queueBatches(Array.from({ length: 201 }, (_, index) => message(index, 10)));
    expect(batches.map((batch) => batch.length)).toEqual([100, 100, 1]);
  });

  it("sends a message bigger than a batch's budget on its own, and nothing for nothing", () => {
    const batches = queueBatches([message(0, 10), message(1, 210_000), message(2, 10)]);
    expect(batches.map((batch) => batch.map((item) => item.index))).toEqual([[0], [1], [2]]);
    expect(queueBatches([])).toEqual([]);
  });
});
