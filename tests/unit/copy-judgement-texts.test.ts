import { describe, expect, it } from "vitest";
import { judgementHeading, judgementLines } from "#verifier/texts/copy-judgement.ts";

/** A copy of a 5-page sealed report (version 2) whose pages differ as given. */
const differing = (differingPages: number[]) => ({
  verdict: "pages-differ" as const,
  matchedVersion: 2,
  matchedPageCount: 5,
  differingPages,
});

describe("a copy check's heading, in plain words", () => {
  it("names the changed pages and says not to rely on the copy", () => {
    expect(judgementHeading("en", differing([2]), null, 5)).toBe("This copy was changed on page 2 — do not rely on it");
    expect(judgementHeading("en", differing([2, 4, 5]), null, 5)).toBe(
      "This copy was changed on pages 2, 4 and 5 — do not rely on it",
    );
  });

  it("says which pages are missing or were added, apart from those changed", () => {
    expect(judgementHeading("en", differing([5]), null, 4)).toBe("Page 5 is missing — do not rely on it");
    expect(judgementHeading("en", differing([3, 4, 5]), null, 3)).toBe(
      "This copy was changed on page 3; pages 4 and 5 are missing — do not rely on it",
    );
    expect(judgementHeading("en", differing([6]), null, 6)).toBe(
      "Page 6 is not in the sealed report — do not rely on it",
    );
  });

  it("says the same in Swahili", () => {
    expect(judgementHeading("sw", differing([2]), null, 5)).toBe(
      "Nakala hii imebadilishwa kwenye ukurasa wa 2 — usiitegemee",
    );
    expect(judgementHeading("sw", differing([5]), null, 4)).toBe("Ukurasa wa 5 haupo — usiitegemee");
  });

  it("names the version it was compared with under the heading", () => {
    expect(judgementLines("en", { ...differing([2]), latestVersion: 2 }, 5)).toEqual([
      "Compared with the sealed report's version 2, the closest to this copy.",
    ]);
    expect(judgementHeading("en", { verdict: "not-sealed-file", matchedVersion: null }, null, 3)).toBe(
      "This file is not the sealed report of this code — do not rely on it",
    );
  });
});
