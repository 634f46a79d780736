import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "#verifier/hashes.ts";
import { normalisePageText, PAGE_WHITESPACE } from "#verifier/pages.ts";

const encoder = new TextEncoder();

/** A page's fingerprint from its text items, as docs/sealed-reports.md defines it. */
const pageFingerprint = (itemTexts: string[]) => sha256Hex(normalisePageText(itemTexts));

const isWhitespace = (char: string) => /^\s$/.test(char);
const notWhitespace = fc.string({ minLength: 1, maxLength: 12 }).map((text) => text.replace(/\s/g, "") || "x");

describe("normalisePageText", () => {
  it("joins the items with nothing between them and removes every space and line end", () => {
    expect(normalisePageText(["Market value:", " KSh 45,000,000", "\n", "Page 1 of 12"])).toBe(
      "Marketvalue:KSh45,000,000Page1of12",
    );
    expect(normalisePageText(["Val", "uation"])).toBe("Valuation");
    expect(normalisePageText([])).toBe("");
  });

  it("removes non-breaking, ideographic and other Unicode spaces and the BOM", () => {
    expect(normalisePageText(["KSh\u00a045,000", "\u3000Nairobi\u2009Kenya\u202f\ufeff\u2028"])).toBe(
      "KSh45,000NairobiKenya",
    );
  });

  it("folds compatibility characters (ligatures, full-width digits) with NFKC", () => {
    expect(normalisePageText(["\ufb01nal report"])).toBe("finalreport");
    expect(normalisePageText(["ＫＳｈ１２"])).toBe("KSh12");
    expect(normalisePageText(["250 m²"])).toBe("250m2");
    // A composed é and an e with a combining accent are the same text.
    expect(normalisePageText(["Caf\u00e9"])).toBe(normalisePageText(["Cafe\u0301"]));
  });

  it("keeps zero-width characters, which are not whitespace in JavaScript", () => {
    expect(normalisePageText(["a\u200bb"])).toBe("a\u200bb");
  });
});

describe("PAGE_WHITESPACE", () => {
  it("matches exactly the code points JavaScript's \\s matches, so other implementations can copy it", () => {
    const single = new RegExp(`^${PAGE_WHITESPACE.source}$`);
    const differing: string[] = [];
    // Every whitespace code point Unicode defines is in the Basic Multilingual Plane.
    for (let codePoint = 0; codePoint <= 0xffff; codePoint += 1) {
      const char = String.fromCharCode(codePoint);
      if (single.test(char) !== isWhitespace(char)) differing.push(codePoint.toString(16));
    }
    expect(differing).toEqual([]);
  });
});

describe("sha256Hex", () => {
  it("is the SHA-256 of the bytes in lowercase hex", async () => {
    expect(await sha256Hex(new Uint8Array())).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(await sha256Hex(encoder.encode("abc"))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("reads only the view's bytes, not the whole buffer behind it", async () => {
    const buffer = encoder.encode("xxabcxx");
    expect(await sha256Hex(buffer.subarray(2, 5))).toBe(await sha256Hex(encoder.encode("abc")));
  });
});

describe("page fingerprints", () => {
  it("hash the page's text without its whitespace, as UTF-8", async () => {
    expect(await pageFingerprint(["Valuation ", "report"])).toBe(await sha256Hex(encoder.encode("Valuationreport")));
    expect(await pageFingerprint(["Jämför"])).toBe(
      await sha256Hex(new Uint8Array([74, 195, 164, 109, 102, 195, 182, 114])),
    );
  });

  it("stay the same when a re-save splits the text into other items and moves spaces and line ends", async () => {
    const spacing = fc.constantFrom("", " ", "  ", "\n", "\r\n", "\t", "\u00a0");
    await fc.assert(
      fc.asyncProperty(
        fc.array(notWhitespace, { minLength: 1, maxLength: 20 }),
        fc.array(spacing, { minLength: 21, maxLength: 21 }),
        async (words, spaces) => {
          const sealed = [words.join(" ")];
          // The copy: one item per character, with other whitespace between words.
          const copy = words.flatMap((word, index) => [spaces[index]!, ...word]);
          expect(await pageFingerprint(copy)).toBe(await pageFingerprint(sealed));
        },
      ),
      { numRuns: 50 },
    );
  });

  it("change when a figure on the page changes", async () => {
    expect(await pageFingerprint(["Market value: KSh 45,000,000"])).not.toBe(
      await pageFingerprint(["Market value: KSh 46,000,000"]),
    );
    expect(await pageFingerprint(["Page 1 of 12"])).not.toBe(await pageFingerprint(["Page 1 of 13"]));
  });
});
