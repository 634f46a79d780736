import { describe, expect, it } from "vitest";
import { certificateVerdict } from "#schema/certificate-verdict.ts";
import { verdictHeadline } from "#verifier/texts/verdict.ts";
import { CODE_STATUSES, ISSUER_TRUST } from "#schema/limits/codes.ts";

describe("certificateVerdict: one rule for every surface", () => {
  it("is green only for a valid code whose issuer identity ValuSeal verified", () => {
    for (const status of CODE_STATUSES) {
      for (const trust of ISSUER_TRUST) {
        const { tone } = certificateVerdict(status, trust, null);
        expect(tone === "valid", `${status}/${trust}`).toBe(status === "valid" && trust === "verified");
      }
    }
  });

  it("is red only for a withdrawn code, whoever issued it", () => {
    for (const trust of ISSUER_TRUST) {
      expect(certificateVerdict("revoked", trust, null)).toEqual({ tone: "invalid", headline: "revoked" });
      expect(certificateVerdict("superseded", trust, null)).toEqual({ tone: "invalid", headline: "superseded" });
    }
  });

  it("gives the reason ValuSeal does not vouch for a standing code, a suspension before expiry", () => {
    expect(certificateVerdict("valid", "not-verified", null)).toEqual({
      tone: "warning",
      headline: "issuer-not-verified",
    });
    expect(certificateVerdict("valid", "before-verification", null)).toEqual({
      tone: "warning",
      headline: "issuer-before-verification",
    });
    expect(certificateVerdict("valid", "other-identity", null)).toEqual({
      tone: "warning",
      headline: "issuer-other-identity",
    });
    expect(certificateVerdict("expired", "suspended", null)).toEqual({ tone: "warning", headline: "issuer-suspended" });
    expect(certificateVerdict("expired", "verified", null)).toEqual({ tone: "warning", headline: "expired" });
    expect(certificateVerdict("sample", "not-verified", null)).toEqual({ tone: "sample", headline: "sample" });
  });

  it("keeps a certificate from green when the register did not confirm its valuer, whatever the firm's standing", () => {
    for (const result of ["name-differs", "not-found", "removed", "suspended", "expired"] as const) {
      expect(certificateVerdict("valid", "verified", result), result).toEqual({
        tone: "warning",
        headline: "valuer-unconfirmed",
      });
    }
    expect(certificateVerdict("valid", "verified", "matched").tone).toBe("valid");
    // A register too old to speak for the year leaves the colour to the firm's verification.
    expect(certificateVerdict("valid", "verified", "stale").tone).toBe("valid");
    expect(certificateVerdict("valid", "not-verified", "matched").headline).toBe("issuer-not-verified");
    // A withdrawal and a suspension still say what matters most.
    expect(certificateVerdict("revoked", "verified", "removed").headline).toBe("revoked");
    expect(certificateVerdict("valid", "suspended", "removed").headline).toBe("issuer-suspended");
    expect(verdictHeadline("en", "valuer-unconfirmed")).toBe("Valuer's registration not confirmed");
    expect(verdictHeadline("sw", "valuer-unconfirmed")).toBe("Usajili wa mthamini haujathibitishwa");
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
