import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { containsPattern, prefixPattern } from "#worker/lib/like-patterns.ts";

/** Postgres' LIKE as a RegExp: % any text, _ one character, a backslash makes the next one literal. */
function likeRegExp(pattern: string): RegExp {
  const literal = (char: string) => char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  let source = "";
  const chars = [...pattern];
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index]!;
    if (char === "\\") source += literal(chars[(index += 1)] ?? "");
    else if (char === "%") source += "[^]*";
    else if (char === "_") source += "[^]";
    else source += literal(char);
  }
  return new RegExp(`^${source}$`, "u");
}

/** Text rich in LIKE's special characters. */
const likeText = fc.string({ unit: fc.constantFrom("a", "B", "%", "_", "\\", " ", "é", "1"), maxLength: 8 });

describe("containsPattern", () => {
  it("wraps the text in % and escapes the user's own %, _ and backslash", () => {
    expect(containsPattern("ngong")).toBe("%ngong%");
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(containsPattern("")).toBe("%%");
  });

  it("matches exactly the values that contain the text", () => {
    fc.assert(
      fc.property(likeText, likeText, likeText, fc.boolean(), (text, before, after, contains) => {
        const value = contains ? `${before}${text}${after}` : before;
        expect(likeRegExp(containsPattern(text)).test(value)).toBe(value.includes(text));
      }),
    );
  });
});

describe("prefixPattern", () => {
  it("lowers the text, escapes it and matches what follows", () => {
    expect(prefixPattern("Nairobi")).toBe("nairobi%");
    expect(prefixPattern("A_B%")).toBe("a\\_b\\%%");
  });

  it("matches exactly the lowered values that start with the lowered text", () => {
    fc.assert(
      fc.property(likeText, likeText, fc.boolean(), (text, rest, starts) => {
        const value = (starts ? `${text}${rest}` : rest).toLowerCase();
        expect(likeRegExp(prefixPattern(text)).test(value)).toBe(value.startsWith(text.toLowerCase()));
      }),
    );
  });
});
