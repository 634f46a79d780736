import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { MAX_ROW_ID } from "#schema/limits.ts";
import { CODE_STATUSES } from "#schema/limits/codes.ts";
import { reinstateCodeSchema, revokeCodeSchema } from "#schema/validation/code-status.ts";
import { qrCodeListQuerySchema } from "#schema/validation/qr-codes.ts";
import { codeStatusColumn, codeStatusExpression } from "#worker/lib/code-status.ts";

/** The CASE expression's branches in the order Postgres tries them: [condition, status]. */
function branches(expression: string): [condition: string, status: string][] {
  const whens = [...expression.matchAll(/WHEN (.+?) THEN '(\w+)'/gs)].map(
    ([, condition, status]) => [condition!.trim(), status!] as [string, string],
  );
  const otherwise = /ELSE '(\w+)' END$/.exec(expression.trim());
  return otherwise ? [...whens, ["ELSE", otherwise[1]!]] : whens;
}

const expression = codeStatusExpression("code", "company.time_zone");

describe("codeStatusExpression", () => {
  it("tries superseded, then revoked, then expired, and is valid otherwise", () => {
    expect(branches(expression).map(([, status]) => status)).toEqual(["superseded", "revoked", "expired", "valid"]);
    // Every status the product names is reachable, and no other.
    expect(new Set(branches(expression).map(([, status]) => status))).toEqual(new Set(CODE_STATUSES));
  });

  it("calls a revoked code superseded only when it also names the replacing code", () => {
    const [superseded, revoked] = branches(expression);
    expect(superseded?.[0]).toBe("code.revoked_at IS NOT NULL AND code.superseded_by_id IS NOT NULL");
    // A successor without a revocation does not withdraw the code.
    expect(revoked?.[0]).toBe("code.revoked_at IS NOT NULL");
  });

  it("expires a code on its validUntil day itself, counted in the company's time zone", () => {
    const [, , expired] = branches(expression);
    // `<=`: "valid until 15 April" is no longer valid on 15 April; the day before is its last valid day.
    expect(expired?.[0]).toBe(
      "(code.valid_until AT TIME ZONE 'UTC')::date <= (now() AT TIME ZONE company.time_zone)::date",
    );
  });

  it("reads only the alias it is given", () => {
    const other = codeStatusExpression("successor", "'Africa/Nairobi'");
    expect(other).not.toContain("code.");
    expect(other.match(/successor\.\w+/g)).toEqual([
      "successor.revoked_at",
      "successor.superseded_by_id",
      "successor.revoked_at",
      "successor.valid_until",
    ]);
    expect(other).toContain("now() AT TIME ZONE 'Africa/Nairobi'");
  });
});

describe("codeStatusColumn", () => {
  it("computes the status of a qr_codes row in its own company's time zone, with nothing bound", () => {
    const query = new PgDialect().sqlToQuery(codeStatusColumn());
    expect(query.params).toEqual([]);
    expect(query.sql).toBe(
      codeStatusExpression("qr_codes", "(SELECT time_zone FROM companies WHERE companies.id = qr_codes.company_id)"),
    );
  });
});

describe("revokeCodeSchema", () => {
  it("takes a trimmed reason and, optionally, the replacing code's id", () => {
    expect(revokeCodeSchema.parse({ reason: "  Wrong address  " })).toEqual({ reason: "Wrong address" });
    expect(revokeCodeSchema.parse({ reason: "Corrected", supersededByCodeId: MAX_ROW_ID })).toEqual({
      reason: "Corrected",
      supersededByCodeId: MAX_ROW_ID,
    });
  });

  it("refuses a blank or over-long reason", () => {
    expect(revokeCodeSchema.safeParse({ reason: "   " }).error?.issues[0]?.message).toBe("Reason is required");
    expect(revokeCodeSchema.safeParse({}).error?.issues[0]?.message).toBe("Reason is required");
    expect(revokeCodeSchema.safeParse({ reason: "x".repeat(501) }).error?.issues[0]?.message).toBe(
      "Must be at most 500 characters",
    );
    expect(revokeCodeSchema.safeParse({ reason: "x".repeat(500) }).success).toBe(true);
  });

  it("refuses a replacing code id that can name no row", () => {
    for (const supersededByCodeId of [0, -1, 1.5, MAX_ROW_ID + 1, "12", null]) {
      const result = revokeCodeSchema.safeParse({ reason: "Corrected", supersededByCodeId });
      expect(
        result.error?.issues.map((issue) => issue.message),
        String(supersededByCodeId),
      ).toEqual(["Choose a code"]);
    }
  });

  it("reinstating also needs a reason, and ignores a successor", () => {
    expect(reinstateCodeSchema.safeParse({ reason: "" }).error?.issues[0]?.message).toBe("Reason is required");
    expect(reinstateCodeSchema.parse({ reason: "Revoked by mistake", supersededByCodeId: 4 })).toEqual({
      reason: "Revoked by mistake",
    });
  });
});

describe("the history's status filter", () => {
  it("reads All, all and an empty value as any status", () => {
    for (const status of ["All", "all", "ALL", ""]) {
      expect(qrCodeListQuerySchema.parse({ status }).status, status).toBeUndefined();
    }
  });

  it("takes each status by its exact name and refuses any other", () => {
    for (const status of CODE_STATUSES) expect(qrCodeListQuerySchema.parse({ status }).status).toBe(status);
    for (const status of ["Expired", "sample", "active"]) {
      expect(qrCodeListQuerySchema.safeParse({ status }).error?.issues[0]?.message, status).toBe(
        "Status must be All or one of: valid, expired, revoked, superseded",
      );
    }
  });
});
