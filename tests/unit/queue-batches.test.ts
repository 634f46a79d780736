import { describe, expect, it } from "vitest";
import { queueBatches, queueBatchesOfGroups } from "#worker/lib/queue-batches.ts";

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

describe("queueBatchesOfGroups", () => {
  it("never splits a group across two batches, and names the groups each batch carries", () => {
    // Three recipients of 10 KB each per company: six companies fill most of a batch's 200 KB, a seventh does not fit.
    const groups = Array.from({ length: 10 }, (_, company) =>
      Array.from({ length: 3 }, (_, recipient) => message(company * 3 + recipient, 10_000)),
    );
    const batches = queueBatchesOfGroups(groups);
    expect(batches.flatMap((batch) => batch.messages)).toEqual(groups.flat());
    expect(batches.map((batch) => batch.groups)).toEqual([
      [0, 1, 2, 3, 4, 5],
      [6, 7, 8, 9],
    ]);
    for (const batch of batches) {
      expect(batch.messages).toEqual(batch.groups.flatMap((group) => groups[group]!));
    }
  });

  it("gives a group too large for one batch batches of its own, and skips empty groups", () => {
    const big = Array.from({ length: 150 }, (_, index) => message(index, 10));
    const batches = queueBatchesOfGroups([[message(-1, 10)], [], big, [message(999, 10)]]);
    expect(batches.map((batch) => [batch.groups, batch.messages.length])).toEqual([
      [[0], 1],
      [[2], 100],
      [[2], 50],
      [[3], 1],
    ]);
  });
});
