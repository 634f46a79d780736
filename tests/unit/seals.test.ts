import { describe, expect, it } from "vitest";
import { reportFingerprintSchema, SEAL_MAX_PAGES } from "#schema/validation/seals.ts";
import { compareCopy } from "#verifier/judge.ts";

/** A recognisable 64-hex fingerprint per label. */
const hex = (label: string) => label.padEnd(64, "0");

const sealed = (version: number, pages: string[]) => ({
  version,
  sha256: hex(`f${version}`),
  pageFingerprints: pages.map(hex),
  sealedAt: new Date(Date.UTC(2025, 3, version)),
});

const copy = (pages: string[], sha256 = hex("c0")) => ({ sha256, pageFingerprints: pages.map(hex) });

// The code's seals as the service reads them: newest first.
const version2 = sealed(2, ["a", "b2", "c"]);
const version1 = sealed(1, ["a", "b", "c"]);
const seals = [version2, version1];

describe("compareCopy", () => {
  it("calls a copy with a sealed file's SHA-256 exact, even when its pages match a newer version", () => {
    const judgement = compareCopy(seals, copy(["a", "b2", "c"], version1.sha256));
    expect(judgement).toEqual({ verdict: "exact", matched: version1 });
  });

  it("calls a copy with every page of a version, in order, the same text", () => {
    expect(compareCopy(seals, copy(["a", "b", "c"]))).toEqual({ verdict: "same-text", matched: version1 });
    expect(compareCopy(seals, copy(["a", "b2", "c"]))).toEqual({ verdict: "same-text", matched: version2 });
  });

  it("names the pages that differ from the version with the most pages in common", () => {
    expect(compareCopy(seals, copy(["a", "b", "x"]))).toEqual({
      verdict: "pages-differ",
      matched: version1,
      differingPages: [3],
    });
  });

  it("names the newer version when two share as many pages", () => {
    expect(compareCopy(seals, copy(["a", "x", "c"]))).toEqual({
      verdict: "pages-differ",
      matched: version2,
      differingPages: [2],
    });
  });

  it("counts pages added, removed or moved as differing", () => {
    expect(compareCopy(seals, copy(["a", "b", "c", "d"])).differingPages).toEqual([4]);
    expect(compareCopy(seals, copy(["a", "b"])).differingPages).toEqual([3]);
    expect(compareCopy(seals, copy(["c", "b", "a"]))).toMatchObject({ matched: version1, differingPages: [1, 3] });
  });

  it("counts a page repeated in the copy once", () => {
    const older = sealed(1, ["b", "c", "z"]);
    const newer = sealed(2, ["a", "x", "y"]);
    // Three copies of page "a" are one page in common with the newer version, fewer than the older's two.
    expect(compareCopy([newer, older], copy(["a", "a", "a", "b", "c"]))).toMatchObject({
      matched: older,
      differingPages: [1, 2, 3, 4, 5],
    });
  });

  it("calls a copy with no sealed page not the sealed file, and so every copy of an unsealed code", () => {
    expect(compareCopy(seals, copy(["x", "y", "z"]))).toEqual({ verdict: "not-sealed-file", matched: null });
    expect(compareCopy([], copy(["a"]))).toEqual({ verdict: "not-sealed-file", matched: null });
  });
});

describe("reportFingerprintSchema", () => {
  const valid = { sha256: hex("ab"), pageFingerprints: [hex("01"), hex("02")] };

  it("takes the file's digest and one digest per page", () => {
    expect(reportFingerprintSchema.parse(valid)).toEqual(valid);
    expect(
      reportFingerprintSchema.safeParse({ ...valid, pageFingerprints: Array(SEAL_MAX_PAGES).fill(hex("1")) }).success,
    ).toBe(true);
  });

  it("refuses digests that are not 64 lowercase hexadecimal characters", () => {
    for (const sha256 of [hex("AB"), hex("ab").slice(1), `${hex("ab")}0`, hex("g")]) {
      expect(reportFingerprintSchema.safeParse({ ...valid, sha256 }).error?.issues[0]?.message, sha256).toBe(
        "must be a SHA-256 digest: 64 lowercase hexadecimal characters",
      );
    }
  });

  it("needs between one and SEAL_MAX_PAGES pages", () => {
    expect(reportFingerprintSchema.safeParse({ ...valid, pageFingerprints: [] }).error?.issues[0]?.message).toBe(
      "A report has at least one page",
    );
    const tooMany = Array(SEAL_MAX_PAGES + 1).fill(hex("1"));
    expect(reportFingerprintSchema.safeParse({ ...valid, pageFingerprints: tooMany }).error?.issues[0]?.message).toBe(
      "A report has at most 300 pages",
    );
  });

  it("refuses fields it does not define, so the file itself is never sent along", () => {
    expect(reportFingerprintSchema.safeParse({ ...valid, file: "JVBERi0=" }).success).toBe(false);
  });
});
