import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatVerificationCode,
  normalizeVerificationCode,
  VERIFICATION_CODE_ALPHABET,
  VERIFICATION_CODE_INPUT_MAX,
  VERIFICATION_CODE_LENGTH,
} from "#schema/verification-code.ts";

const storedCode = fc
  .array(fc.constantFrom(...VERIFICATION_CODE_ALPHABET), {
    minLength: VERIFICATION_CODE_LENGTH,
    maxLength: VERIFICATION_CODE_LENGTH,
  })
  .map((symbols) => symbols.join(""));

describe("formatVerificationCode", () => {
  it("prints the stored symbols after VS in groups of four", () => {
    expect(formatVerificationCode("7K3M9Q2P4H")).toBe("VS-7K3M-9Q2P-4H");
  });
});

describe("normalizeVerificationCode", () => {
  it("finds the stored code however a person types it", () => {
    const typed = [
      "VS-7K3M-9Q2P-4H",
      "vs-7k3m-9q2p-4h",
      "7K3M9Q2P4H",
      "7k3m 9q2p 4h",
      " VS 7K3M 9Q2P 4H ",
      "VS7K3M9Q2P4H",
      "VS\t7K3M\n9Q2P4H",
      // Word processors turn hyphens into en and em dashes.
      "VS–7K3M—9Q2P‐4H",
    ];
    for (const text of typed) expect(normalizeVerificationCode(text), text).toBe("7K3M9Q2P4H");
  });

  it("refuses look-alike characters the alphabet leaves out", () => {
    for (const text of [
      "VS-0K3M-9Q2P-4H",
      "VS-OK3M-9Q2P-4H",
      "VS-1K3M-9Q2P-4H",
      "VS-IK3M-9Q2P-4H",
      "VS-LK3M-9Q2P-4H",
    ]) {
      expect(normalizeVerificationCode(text), text).toBeNull();
    }
  });

  it("refuses a code one symbol short or long, and other separators", () => {
    expect(normalizeVerificationCode("VS-7K3M-9Q2P-4")).toBeNull();
    expect(normalizeVerificationCode("VS-7K3M-9Q2P-4HH")).toBeNull();
    expect(normalizeVerificationCode("7K3M.9Q2P.4H")).toBeNull();
    expect(normalizeVerificationCode("7K3M_9Q2P_4H")).toBeNull();
    expect(normalizeVerificationCode("")).toBeNull();
  });

  it("strips VS only when the rest is a whole code, so a code that begins with VS is still found", () => {
    expect(normalizeVerificationCode("VSAB-CDEF-GH")).toBe("VSABCDEFGH");
    expect(normalizeVerificationCode("VS-VSAB-CDEF-GH")).toBe("VSABCDEFGH");
  });

  it("refuses input longer than the limit unread, even when it holds a code", () => {
    const padded = (length: number) => "7K3M9Q2P4H".padStart(length, " ");
    expect(normalizeVerificationCode(padded(VERIFICATION_CODE_INPUT_MAX))).toBe("7K3M9Q2P4H");
    expect(normalizeVerificationCode(padded(VERIFICATION_CODE_INPUT_MAX + 1))).toBeNull();
  });

  it("reads back every printed code, in any case", () => {
    fc.assert(
      fc.property(storedCode, fc.boolean(), (code, lower) => {
        const printed = formatVerificationCode(code);
        expect(printed).toMatch(/^VS-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{2}$/);
        expect(normalizeVerificationCode(lower ? printed.toLowerCase() : printed)).toBe(code);
      }),
    );
  });

  it("ignores spaces and dashes wherever they are typed", () => {
    // At most two characters each, so the typed text stays within VERIFICATION_CODE_INPUT_MAX.
    const separator = fc.constantFrom("", " ", "-", "  ", "- ", "\u2013");
    fc.assert(
      fc.property(storedCode, fc.array(separator, { minLength: 11, maxLength: 11 }), (code, separators) => {
        const typed = [...code].map((symbol, index) => separators[index] + symbol).join("") + separators[10];
        expect(normalizeVerificationCode(typed)).toBe(code);
      }),
    );
  });
});
