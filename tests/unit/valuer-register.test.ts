import { describe, expect, it } from "vitest";
import { normaliseRegistrationNumber, normaliseValuerName, registerResult } from "#schema/valuer-register.ts";

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

describe("a valuer's result against the newest snapshot", () => {
  const valuer = { name: "QS Grace Wanjiru" };
  const today = "2026-12-06";
  const listed = (name: string, status: "active" | "suspended" = "active") => ({
    listing: { name, status },
    listedBefore: true,
    publishedOn: "2026-01-15",
  });

  it("names each way a check can end", () => {
    expect(registerResult(valuer, listed("WANJIRU, Grace"), today)).toBe("matched");
    expect(registerResult(valuer, listed("Peter Otieno"), today)).toBe("name-differs");
    expect(registerResult(valuer, listed("Grace Wanjiru", "suspended"), today)).toBe("suspended");
    expect(registerResult(valuer, { listing: null, listedBefore: true, publishedOn: "2026-01-15" }, today)).toBe(
      "removed",
    );
    expect(registerResult(valuer, { listing: null, listedBefore: false, publishedOn: "2026-01-15" }, today)).toBe(
      "not-found",
    );
  });

  it("calls a snapshot stale after 13 months, whatever it lists", () => {
    expect(registerResult(valuer, { ...listed("Grace Wanjiru"), publishedOn: "2025-11-06" }, today)).toBe("matched");
    expect(registerResult(valuer, { ...listed("Grace Wanjiru"), publishedOn: "2025-11-05" }, today)).toBe("stale");
    expect(registerResult(valuer, { listing: null, listedBefore: false, publishedOn: "2024-01-01" }, today)).toBe(
      "stale",
    );
  });
});
