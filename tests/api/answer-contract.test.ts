import { describe, expect, it } from "vitest";
import { checkAnswerAgainstContract } from "./fixtures/contract";

const json = new Headers({ "Content-Type": "application/json" });
const stats = { totalQRCodes: 3, thisMonth: 1, verifications: 7, hasSealedReport: false };
const check = (method: string, path: string, status: number, body: unknown) => () =>
  checkAnswerAgainstContract(method, path, { status, body, headers: json });

/** The check every API test's calls go through (tests/api/fixtures/http.ts), tried on answers it must refuse. */
describe("the answer contract the API tests hold every route to", () => {
  it("accepts an answer its route describes", () => {
    expect(check("GET", "/api/analytics/stats", 200, stats)).not.toThrow();
    expect(check("GET", "/api/qr-codes/42/scans?x=1", 404, { code: "not_found", message: "Not found" })).not.toThrow();
  });

  it("refuses a field the schema does not name, a missing one and a wrong type", () => {
    expect(check("GET", "/api/analytics/stats", 200, { ...stats, revenue: 1 })).toThrow(/revenue/);
    const { thisMonth: _left, ...missing } = stats;
    expect(check("GET", "/api/analytics/stats", 200, missing)).toThrow(/thisMonth/);
    expect(check("GET", "/api/analytics/stats", 200, { ...stats, verifications: "7" })).toThrow(/verifications/);
  });

  it("refuses a status the route does not describe, and a success from a path no route defines", () => {
    expect(check("GET", "/api/analytics/stats", 201, stats)).toThrow(/does not describe/);
    expect(check("GET", "/api/analytics/revenue", 200, stats)).toThrow(/no route definition/);
  });

  it("refuses an error that is not the one error shape", () => {
    expect(check("POST", "/api/valuers", 400, { message: "Validation failed" })).toThrow(/one error shape/);
  });
});
