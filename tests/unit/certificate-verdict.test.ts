import { describe, expect, it } from "vitest";
import { certificateVerdict } from "#schema/certificate-verdict.ts";
import { verdictHeadline } from "#verifier/texts/verdict.ts";
import { CODE_STATUSES, ISSUER_TRUST } from "#schema/limits/codes.ts";

describe("certificateVerdict: one rule for every surface", () => {
  it("is green only for a valid code whose issuer identity ValuSeal verified", () => {
    for (const status of CODE_STATUSES) {
      for (const trust of ISSUER_TRUST) {
        const { tone } = certificateVerdict(status, trust);
        expect(tone === "valid", `${status}/${trust}`).toBe(status === "valid" && trust === "verified");
      }
    }
  });

  it("is red only for a withdrawn code, whoever issued it", () => {
    for (const trust of ISSUER_TRUST) {
      expect(certificateVerdict("revoked", trust)).toEqual({ tone: "invalid", headline: "revoked" });
      expect(certificateVerdict("superseded", trust)).toEqual({ tone: "invalid", headline: "superseded" });
    }
  });

  it("gives the reason ValuSeal does not vouch for a standing code, a suspension before expiry", () => {
    expect(certificateVerdict("valid", "not-verified")).toEqual({ tone: "warning", headline: "issuer-not-verified" });
    expect(certificateVerdict("valid", "before-verification")).toEqual({
      tone: "warning",
      headline: "issuer-before-verification",
    });
    expect(certificateVerdict("valid", "other-identity")).toEqual({
      tone: "warning",
      headline: "issuer-other-identity",
    });
    expect(certificateVerdict("expired", "suspended")).toEqual({ tone: "warning", headline: "issuer-suspended" });
    expect(certificateVerdict("expired", "verified")).toEqual({ tone: "warning", headline: "expired" });
    expect(certificateVerdict("sample", "not-verified")).toEqual({ tone: "sample", headline: "sample" });
  });

  it("says each headline in English and Swahili, the suspension with its date", () => {
    expect(verdictHeadline("en", "verified-authentic")).toBe("Verified Authentic");
    expect(verdictHeadline("en", "issuer-other-identity")).toBe("Issued under a name ValuSeal has not verified");
    expect(verdictHeadline("en", "issuer-suspended", "4 March 2025")).toBe(
      "Issuer suspended by ValuSeal on 4 March 2025",
    );
    expect(verdictHeadline("en", "issuer-suspended")).toBe("Issuer suspended by ValuSeal");
    expect(verdictHeadline("sw", "issuer-suspended", "4 Machi 2025")).toBe(
      "Mtoaji amesimamishwa na ValuSeal tarehe 4 Machi 2025",
    );
    expect(verdictHeadline("sw", "verified-authentic")).toBe("Imethibitishwa kuwa Halali");
  });
});
