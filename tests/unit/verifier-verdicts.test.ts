import { describe, expect, it } from "vitest";
import type { CertificateRecord } from "../../schema/signed-records";
import { printedCodeOf } from "../../verifier/qr";
import { toneOf, type ReportCheck } from "../../verifier/report";

const ADDRESS = "https://verify.valuseal.com/v/zFpDw7511YjHXTQ0";

describe("a printed page's QR against a record", () => {
  const sealed = { code: { address: ADDRESS }, sealedReport: { pageCount: 3 } };

  it("belongs when it is the code's address, or a page the sealed report has", () => {
    expect(printedCodeOf(ADDRESS, sealed)).toEqual({ matches: true, page: null });
    expect(printedCodeOf(`${ADDRESS}/3`, sealed)).toEqual({ matches: true, page: 3 });
  });

  it("does not belong for another token, a page beyond the report, or a path that walks away", () => {
    for (const text of [`${ADDRESS}X`, `${ADDRESS}/4`, `${ADDRESS}/0`, `${ADDRESS}/1/../other`, `${ADDRESS}/01`]) {
      expect(printedCodeOf(text, sealed), text).toEqual({ matches: false, address: text });
    }
    expect(printedCodeOf(`${ADDRESS}/1`, { code: { address: ADDRESS }, sealedReport: null }).matches).toBe(false);
  });
});

describe("the colour of a check", () => {
  const record = (changes: Partial<CertificateRecord>) =>
    ({ withdrawal: null, sealedReport: { version: 1 }, ...changes }) as CertificateRecord;
  const exact = { verdict: "exact", certificate: record({}), latest: record({}) } satisfies ReportCheck;

  it("is green only for the exact file of a standing certificate whose latest record was checked", () => {
    expect(toneOf(exact)).toBe("valid");
    expect(toneOf({ ...exact, latestRefused: "unknown-key" })).toBe("warning");
    expect(toneOf({ ...exact, keyCompromisedLater: true })).toBe("warning");
    expect(
      toneOf({ ...exact, latest: record({ sealedReport: { version: 2 } as CertificateRecord["sealedReport"] }) }),
    ).toBe("warning");
    expect(toneOf({ ...exact, verdict: "same-text" })).toBe("warning");
    expect(toneOf({ ...exact, verdict: "record-only" })).toBe("warning");
  });

  it("is red for a withdrawn certificate, whatever the file", () => {
    const withdrawn = record({ withdrawal: { at: "2026-11-20T00:00:00Z", reason: null, replacedBy: null } });
    expect(toneOf({ ...exact, latest: withdrawn })).toBe("invalid");
    expect(toneOf({ ...exact, verdict: "pages-differ" })).toBe("invalid");
    expect(toneOf({ verdict: "record-refused", problem: "bad-signature" })).toBe("invalid");
  });
});
