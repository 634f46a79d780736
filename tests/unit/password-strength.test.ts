import { describe, expect, it } from "vitest";
import { passwordWeakness, STRONG_BY_LENGTH } from "#schema/password-strength.ts";

describe("passwordWeakness", () => {
  it("refuses a guessable password, and accepts a phrase of unrelated words", async () => {
    expect(await passwordWeakness("password123")).toMatch(/^This password is too easy to guess\./);
    expect(await passwordWeakness("lantern orbit gravel picnic")).toBeNull();
  });

  it(`estimates at most ${STRONG_BY_LENGTH} characters: a longer password is strong by its length alone`, async () => {
    // Weak at the limit, so the only reason the longer one passes is that it is never estimated.
    expect(await passwordWeakness("ab".repeat(STRONG_BY_LENGTH / 2))).not.toBeNull();
    expect(await passwordWeakness(`${"ab".repeat(STRONG_BY_LENGTH / 2)}a`)).toBeNull();
  });
});
