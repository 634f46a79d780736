import { describe, expect, it } from "vitest";
import { CompactSign, exportJWK, generateKeyPair } from "jose";
import { RECORD_TYPES, type CertificateRecord, type KeyHistory } from "../../schema/signed-records";
import { printedCodeOf } from "../../verifier/qr";
import { checkReport, toneOf, type ReportCheck } from "../../verifier/report";

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
    expect(toneOf({ ...exact, newerVersion: 2 })).toBe("warning");
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

describe("checking a report against a code's records", () => {
  it("judges the file by the version it matches and says a newer one was sealed", async () => {
    const { publicKey, privateKey } = await generateKeyPair("EdDSA", { extractable: true });
    const jwk = await exportJWK(publicKey);
    const keys: KeyHistory = {
      keys: [
        {
          kty: "OKP",
          crv: "Ed25519",
          x: jwk.x!,
          kid: "test-key",
          alg: "EdDSA",
          use: "sig",
          started_at: "2026-01-01T00:00:00Z",
          stopped_at: null,
          compromised_at: null,
        },
      ],
    };
    const sign = (version: number, sha256: string) =>
      new CompactSign(
        new TextEncoder().encode(
          JSON.stringify({
            iat: 1_780_000_000 + version,
            code: { token: "zFpDw7511YjHXTQ0", address: ADDRESS, verificationCode: "VS-7K3M-9Q2P-4H" },
            withdrawal: null,
            sealedReport: { version, sha256, pageCount: 1, pageFingerprints: [`page-of-${version}`] },
          }),
        ),
      )
        .setProtectedHeader({ alg: "EdDSA", kid: "test-key", typ: RECORD_TYPES.certificate })
        .sign(privateKey);
    const records = [await sign(1, "a".repeat(64)), await sign(2, "b".repeat(64))];
    const first = await checkReport({ sha256: "a".repeat(64), pageFingerprints: ["page-of-1"] }, records, keys);
    expect(first).toMatchObject({ verdict: "exact", newerVersion: 2 });
    expect(toneOf(first)).toBe("warning");
    const second = await checkReport({ sha256: "b".repeat(64), pageFingerprints: ["page-of-2"] }, records, keys);
    expect(second.verdict).toBe("exact");
    expect(second.newerVersion).toBeUndefined();
    expect(toneOf(second)).toBe("valid");
  });
});
