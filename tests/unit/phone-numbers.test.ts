import { describe, expect, it } from "vitest";
import { optionalPhone } from "#schema/validation/common.ts";

const message = (value: string) => {
  const parsed = optionalPhone.safeParse(value);
  return parsed.success ? null : parsed.error.issues.map((issue) => issue.message);
};

describe("a phone number", () => {
  it("is taken as people write it, with a country code or without, and may be left empty", () => {
    for (const written of ["+254 712 345 678", "0712-345678", "(020) 2345678", "+1 (555) 010.1234", ""]) {
      expect(message(written), written).toBeNull();
    }
    expect(optionalPhone.parse("")).toBeUndefined();
  });

  it("is refused on the field when it is not one: letters, too few or too many digits", () => {
    for (const wrong of ["abc", "+254", "0712 345 678 ext 9", "1234567890123456"]) {
      expect(message(wrong), wrong).toEqual(["Enter a phone number, like +254 712 345 678"]);
    }
    expect(message("1".repeat(51))).toEqual(["Must be at most 50 characters"]);
  });
});
