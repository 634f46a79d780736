import { describe, expect, it } from "vitest";
import { pageOfRows } from "#worker/lib/pagination.ts";

/** A count that fails the test if it is asked for: the rows already carry the total. */
const noCount = () => Promise.reject(new Error("counted separately although a row carried the total"));

describe("a page's total", () => {
  it("is the one its rows carry, from the page's own statement, and is stripped from the items", async () => {
    const rows = [
      { id: 3, total: 7 },
      { id: 2, total: 7 },
    ];
    expect(await pageOfRows(2, 2, rows, noCount)).toEqual({
      items: [{ id: 3 }, { id: 2 }],
      page: 2,
      pageSize: 2,
      total: 7,
    });
  });

  it("is counted separately only for a page past the end, which has no row to carry it", async () => {
    expect(await pageOfRows(5, 2, [], () => Promise.resolve(7))).toEqual({ items: [], page: 5, pageSize: 2, total: 7 });
  });

  it("is 0 for an empty first page, without a count", async () => {
    expect(await pageOfRows(1, 25, [], noCount)).toEqual({ items: [], page: 1, pageSize: 25, total: 0 });
  });
});
