import { describe, expect, it } from "vitest";
import {
  normaliseRegistrationNumber,
  normaliseValuerName,
  registerResult,
  snapshotHoldsThrough,
  valuerCheckBearing,
} from "#schema/valuer-register.ts";

describe("registration numbers, as a register and a report write them", () => {
  it.each([
    ["VRB/V/1182", "V/1182"],
    ["VRB/V/01182", "V/1182"],
    ["No. V 1182", "V/1182"],
    ["v-1182", "V/1182"],
    ["V1182", "V/1182"],
    ["  V / 0001182 ", "V/1182"],
    ["Reg. No. 42", "42"],
    ["VRB 2024/007", "2024/7"],
  ])("reads %j as %j", (raw, normalised) => {
    expect(normaliseRegistrationNumber(raw)).toBe(normalised);
  });

  it("keeps numbers apart that differ in a digit or a letter, and leaves nothing of a prefix alone", () => {
    expect(normaliseRegistrationNumber("VRB/V/1182")).not.toBe(normaliseRegistrationNumber("VRB/V/1183"));
    expect(normaliseRegistrationNumber("VRB/V/1182")).not.toBe(normaliseRegistrationNumber("VRB/F/1182"));
    expect(normaliseRegistrationNumber("VRB/")).toBe("");
    expect(normaliseRegistrationNumber("No. 000")).toBe("");
  });
});

describe("valuer names, as a register and a report write them", () => {
  it("ignores case, titles, post-nominal letters, punctuation, accents and word order", () => {
    const onReport = normaliseValuerName("Dr. Grace W. Wanjiru, MISK");
    expect(onReport).toBe("GRACE W WANJIRU");
    expect(normaliseValuerName("WANJIRU Grace W")).toBe(onReport);
    expect(normaliseValuerName("Mrs Grâce W Wanjiru (FISK)")).toBe(onReport);
  });

  it("still tells two people apart", () => {
    expect(normaliseValuerName("Grace Wanjiru")).not.toBe(normaliseValuerName("Grace Wanjiku"));
    expect(normaliseValuerName("Grace W Wanjiru")).not.toBe(normaliseValuerName("Grace Wanjiru"));
  });
});

describe("numbers written in other forms", () => {
  it("reads full-width characters as the number they show, and finds nothing in a number of zeros", () => {
    expect(normaliseRegistrationNumber("ＶＲＢ/Ｖ/１１８２")).toBe("V/1182");
    expect(normaliseRegistrationNumber("VRB/0/000")).toBe("");
  });
});

describe("a valuer's result against a snapshot", () => {
  const valuer = { name: "QS Grace Wanjiru" };
  const listed = (name: string, status: "active" | "suspended" = "active") => ({
    listing: { name, status },
    listedBefore: true,
  });

  it("names each way a check can end", () => {
    expect(registerResult(valuer, listed("WANJIRU, Grace"))).toBe("matched");
    expect(registerResult(valuer, listed("Peter Otieno"))).toBe("name-differs");
    expect(registerResult(valuer, listed("Grace Wanjiru", "suspended"))).toBe("suspended");
    expect(registerResult(valuer, { listing: null, listedBefore: true })).toBe("removed");
    expect(registerResult(valuer, { listing: null, listedBefore: false })).toBe("not-found");
  });

  it("lets a snapshot speak for 13 months after its publication, the month's last day standing in for the 31st", () => {
    expect(snapshotHoldsThrough("2026-01-15")).toBe("2027-02-15");
    expect(snapshotHoldsThrough("2025-11-30")).toBe("2026-12-30");
    expect(snapshotHoldsThrough("2026-01-31")).toBe("2027-02-28");
  });
});

describe("how a check bears on the certificate's colour", () => {
  it("confirms only a match, leaves none and a stale one to the firm's verification, and counts every other result against", () => {
    expect(valuerCheckBearing("matched")).toBe("confirmed");
    expect(valuerCheckBearing(null)).toBe("neutral");
    expect(valuerCheckBearing("stale")).toBe("neutral");
    for (const result of ["name-differs", "not-found", "removed", "suspended", "expired"] as const) {
      expect(valuerCheckBearing(result)).toBe("unconfirmed");
    }
  });
});
