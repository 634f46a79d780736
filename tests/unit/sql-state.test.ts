import { describe, expect, it } from "vitest";
import { ApiError, isUniqueViolation, refusalOf, sqlStateOf } from "#worker/lib/errors.ts";

/** A driver error as the Neon and pg drivers throw it: the SQLSTATE on `code`. */
const driverError = (code: string, message = "statement failed") => Object.assign(new Error(message), { code });

/** As drizzle throws a failed query: its own error, with the driver's as the cause. */
const wrapped = (cause: unknown) => new Error("Failed query: select …", { cause });

describe("a failed statement's SQLSTATE", () => {
  it("is read from the driver's error, or from the driver error drizzle wrapped", () => {
    expect(sqlStateOf(driverError("40P01"))).toBe("40P01");
    expect(sqlStateOf(wrapped(driverError("23505")))).toBe("23505");
  });

  it("passes over a code that is not a SQLSTATE to the cause's", () => {
    const socketError = Object.assign(wrapped(driverError("40001")), { code: "ECONNRESET" });
    expect(sqlStateOf(socketError)).toBe("40001");
  });

  it("is null for errors that carry none, an API refusal among them", () => {
    expect(sqlStateOf(new Error("plain"))).toBeNull();
    expect(sqlStateOf(new ApiError(409, "Already exists"))).toBeNull();
    expect(sqlStateOf(undefined)).toBeNull();
  });

  it("tells a unique violation and a statement's own refusal, wrapped or not", () => {
    expect(isUniqueViolation(wrapped(driverError("23505")))).toBe(true);
    expect(isUniqueViolation(driverError("23503"))).toBe(false);
    expect(refusalOf(wrapped(driverError("VS001", "The valuer has been removed")))).toBe("The valuer has been removed");
    expect(refusalOf(driverError("23505", "duplicate key"))).toBeNull();
  });
});
