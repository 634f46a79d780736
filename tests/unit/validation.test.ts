import { describe, expect, it } from "vitest";
import { MAX_ROW_ID } from "#schema/limits.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { parseId } from "#worker/lib/validation.ts";

/** What parseId throws for `raw`, or null when it reads it. */
function refusalOf(raw: string, what?: string): unknown {
  try {
    parseId(raw, what);
    return null;
  } catch (error) {
    return error;
  }
}

describe("parseId", () => {
  it("reads a path id of 1 up to the largest int4", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("42")).toBe(42);
    expect(parseId(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
  });

  it("answers 404 for anything that cannot name a row", () => {
    for (const raw of [
      "0",
      "-1",
      "01",
      "1.0",
      "1e3",
      " 1",
      "1 ",
      "0x10",
      "",
      "abc",
      String(MAX_ROW_ID + 1),
      "99999999999",
    ]) {
      const refusal = refusalOf(raw);
      expect(refusal, raw).toBeInstanceOf(ApiError);
      expect(refusal, raw).toMatchObject({ status: 404, message: "Not found" });
    }
  });

  it("names what was not found when the route says", () => {
    expect(refusalOf("0", "QR code not found")).toMatchObject({ status: 404, message: "QR code not found" });
  });
});
