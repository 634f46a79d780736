import { describe, expect, it } from "vitest";
import { acceptedTags, chooseLanguage, isLanguage, preferredLanguage } from "#schema/language.ts";

describe("acceptedTags", () => {
  it("lists the tags most wanted first, as q-values rank them", () => {
    expect(acceptedTags("sw-KE,sw;q=0.9,en-GB;q=0.8,en;q=0.7")).toEqual(["sw-KE", "sw", "en-GB", "en"]);
    expect(acceptedTags("en;q=0.5, sw")).toEqual(["sw", "en"]);
    expect(acceptedTags("fr;q=0.8 , sw ; q=0.9")).toEqual(["sw", "fr"]);
  });

  it("keeps the header's order between equal q-values", () => {
    expect(acceptedTags("fr;q=0.5,sw;q=0.5,en;q=0.5")).toEqual(["fr", "sw", "en"]);
    expect(acceptedTags("de,sw;q=1,en;Q=1")).toEqual(["de", "sw", "en"]);
  });

  it("drops q=0, the wildcard, unreadable q-values and empty entries", () => {
    expect(acceptedTags("sw;q=0,en;q=0.1")).toEqual(["en"]);
    expect(acceptedTags("*,en;q=0.5")).toEqual(["en"]);
    expect(acceptedTags("sw;q=high,en")).toEqual(["en"]);
    expect(acceptedTags(",, ;q=1,en")).toEqual(["en"]);
  });

  it("is empty without a header", () => {
    expect(acceptedTags(undefined)).toEqual([]);
    expect(acceptedTags(null)).toEqual([]);
    expect(acceptedTags("")).toEqual([]);
  });

  it("reads no more than the header's first 30 entries", () => {
    const header = [...Array.from({ length: 30 }, (_, index) => `x${index};q=0.1`), "sw"].join(",");
    expect(acceptedTags(header)).toHaveLength(30);
    expect(acceptedTags(header)).not.toContain("sw");
  });
});

describe("preferredLanguage", () => {
  it("is the first tag these pages speak, by its primary subtag in any case", () => {
    expect(preferredLanguage(["fr-FR", "sw-TZ", "en"])).toBe("sw");
    expect(preferredLanguage(["SW_ke"])).toBe("sw");
    expect(preferredLanguage(["en-US", "sw"])).toBe("en");
  });

  it("is English when no tag names a language these pages speak", () => {
    expect(preferredLanguage([])).toBe("en");
    expect(preferredLanguage(["fr", "de-CH", "swa"])).toBe("en");
  });
});

describe("chooseLanguage", () => {
  it("follows the reader's ?lang= choice over the browser's preference", () => {
    expect(chooseLanguage("sw", ["en"])).toBe("sw");
    expect(chooseLanguage("en", ["sw"])).toBe("en");
  });

  it("falls back to the browser's preference for a missing or unknown choice", () => {
    expect(chooseLanguage(null, ["sw"])).toBe("sw");
    expect(chooseLanguage("fr", ["sw"])).toBe("sw");
    // Only the exact code counts as a choice.
    expect(chooseLanguage("SW", [])).toBe("en");
  });

  it("names only the languages these pages speak", () => {
    expect([isLanguage("en"), isLanguage("sw"), isLanguage("fr"), isLanguage(undefined)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
