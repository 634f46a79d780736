import { describe, expect, it } from "vitest";
import { CompactSign, exportJWK, generateKeyPair } from "jose";
import { RECORD_TYPES, type CertificateRecord, type KeyHistory } from "#schema/signed-records.ts";
import { chainProblem, transitionRecord } from "#verifier/chain.ts";
import { sha256Hex } from "#verifier/hashes.ts";
import { printedCodeOf } from "#verifier/qr.ts";
import { recordIssuerTrust, recordStatus, reportTone, type ReportFacts } from "#verifier/judge.ts";
import { checkReport } from "#verifier/report.ts";

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

describe("the colour of a check, by the one judge", () => {
  const exact = {
    copy: "exact",
    matchedVersion: 1,
    latestVersion: 1,
    status: "valid",
    issuerTrust: "verified",
    valuerCheck: null,
  } satisfies ReportFacts;

  it("is green only for the exact latest file of a standing code from a verified issuer, with nothing in doubt", () => {
    expect(reportTone(exact).tone).toBe("valid");
    expect(reportTone({ ...exact, doubts: ["latest-record-unchecked"] }).tone).toBe("warning");
    expect(reportTone({ ...exact, doubts: ["key-compromised-later"] }).tone).toBe("warning");
    expect(reportTone({ ...exact, doubts: ["unsigned-change"] }).tone).toBe("warning");
    expect(reportTone({ ...exact, latestVersion: 2 }).tone).toBe("warning");
    expect(reportTone({ ...exact, copy: "same-text" }).tone).toBe("warning");
    expect(reportTone({ ...exact, copy: null }).tone).toBe("warning");
  });

  it("is never green for an expired code or an issuer ValuSeal does not vouch for", () => {
    expect(reportTone({ ...exact, status: "expired" })).toEqual({
      tone: "warning",
      certificate: { tone: "warning", headline: "expired" },
    });
    for (const issuerTrust of ["not-verified", "before-verification", "other-identity", "suspended"] as const) {
      expect(reportTone({ ...exact, issuerTrust }).tone, issuerTrust).toBe("warning");
    }
    // Nor when the register did not confirm the signing valuer on the day of issue.
    expect(reportTone({ ...exact, valuerCheck: "expired" }).certificate.headline).toBe("valuer-unconfirmed");
    expect(reportTone({ ...exact, valuerCheck: "matched" }).tone).toBe("valid");
  });

  it("is red for a withdrawn code whatever the file, and for a file that is not the sealed report", () => {
    expect(reportTone({ ...exact, status: "revoked" }).tone).toBe("invalid");
    expect(reportTone({ ...exact, status: "superseded", issuerTrust: "not-verified" }).tone).toBe("invalid");
    expect(reportTone({ ...exact, copy: "pages-differ" }).tone).toBe("invalid");
    expect(reportTone({ ...exact, copy: "not-sealed-file", matchedVersion: null }).tone).toBe("invalid");
  });
});

describe("a signed record's status and issuer trust, offline", () => {
  const record = (validUntil: string, changes: Partial<CertificateRecord> = {}) =>
    ({
      withdrawal: null,
      valuation: { validUntil },
      issuer: { verifiedAt: null },
      ...changes,
    }) as CertificateRecord;

  it("expires as soon as the last valid day has begun anywhere, so it is never green after the certificate turns", () => {
    // Valid until 15 April: 10:00 UTC on 14 April is midnight of the 15th at UTC+14.
    expect(recordStatus(record("2027-04-15T00:00:00.000Z"), new Date("2027-04-14T09:59:00Z"))).toBe("valid");
    expect(recordStatus(record("2027-04-15T00:00:00.000Z"), new Date("2027-04-14T10:00:00Z"))).toBe("expired");
  });

  it("is withdrawn by its withdrawal, and verified only when the record says ValuSeal had verified the issuer", () => {
    const withdrawal = { at: "2026-11-20T00:00:00Z", reason: null, replacedBy: null };
    expect(recordStatus(record("2099-01-01", { withdrawal }), new Date())).toBe("revoked");
    expect(
      recordStatus(record("2099-01-01", { withdrawal: { ...withdrawal, replacedBy: "https://x/v/y" } }), new Date()),
    ).toBe("superseded");
    expect(recordIssuerTrust(record("2099-01-01"))).toBe("not-verified");
    expect(
      recordIssuerTrust(record("2099-01-01", { issuer: { verifiedAt: "2026-01-01" } as CertificateRecord["issuer"] })),
    ).toBe("verified");
  });
});

/** A fresh Ed25519 key, its one-key history, and a signer of certificate records with it. */
async function certificateSigner() {
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
  const sign = (payload: object) =>
    new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: "EdDSA", kid: "test-key", typ: RECORD_TYPES.certificate })
      .sign(privateKey);
  return { keys, sign };
}

describe("checking a report against a code's records", () => {
  it("judges the file by the version it matches and says a newer one was sealed", async () => {
    const { keys, sign: signPayload } = await certificateSigner();
    const sign = (version: number, sha256: string, registerCheck?: object) =>
      signPayload({
        iat: 1_780_000_000 + version,
        code: { token: "zFpDw7511YjHXTQ0", address: ADDRESS, verificationCode: "VS-7K3M-9Q2P-4H" },
        issuer: { verifiedAt: "2026-01-01T00:00:00.000Z" },
        valuer: { name: "Ruth Njeri", registrationNumber: "VRB/V/1182", ...(registerCheck ? { registerCheck } : {}) },
        valuation: { validUntil: "2099-01-01T00:00:00.000Z" },
        withdrawal: null,
        sealedReport: { version, sha256, pageCount: 1, pageFingerprints: [`page-of-${version}`] },
      });
    const records = [await sign(1, "a".repeat(64)), await sign(2, "b".repeat(64))];
    const first = await checkReport({ sha256: "a".repeat(64), pageFingerprints: ["page-of-1"] }, records, keys);
    expect(first).toMatchObject({ verdict: "exact", matchedVersion: 1, latestVersion: 2, tone: "warning" });
    const second = await checkReport({ sha256: "b".repeat(64), pageFingerprints: ["page-of-2"] }, records, keys);
    expect(second).toMatchObject({ verdict: "exact", matchedVersion: 2, latestVersion: 2, tone: "valid" });
    // The register check the record carries counts offline as it does online.
    const removed = [await sign(1, "c".repeat(64), { result: "removed", kind: "published-list" })];
    const third = await checkReport({ sha256: "c".repeat(64), pageFingerprints: ["page-of-1"] }, removed, keys);
    expect(third).toMatchObject({
      verdict: "exact",
      tone: "warning",
      certificateVerdict: { headline: "valuer-unconfirmed" },
    });
  });
});

describe("a code's records as a chain", () => {
  const issued = {
    v: 1,
    iss: "https://verify.valuseal.com",
    iat: 1_780_000_000,
    event: "issued",
    prev: null,
    code: {
      address: ADDRESS,
      token: "zFpDw7511YjHXTQ0",
      verificationCode: "VS-7K3M-9Q2P-4H",
      issuedAt: "2026-05-28T10:00:00.000Z",
    },
    issuer: {
      name: "Example Valuers Ltd",
      email: "desk@example.com",
      phone: null,
      registrationBody: null,
      registrationNumber: null,
      verifiedAt: "2026-05-01T00:00:00.000Z",
    },
    valuer: { name: "Ruth Njeri", qualification: null, registrationNumber: null, phone: null },
    property: {
      address: "Plot 7",
      reference: null,
      area: null,
      type: "Real Estate",
      size: null,
      sizeUnit: null,
      landSize: null,
      landSizeUnit: null,
      titleNumber: null,
      latitude: null,
      longitude: null,
    },
    valuation: {
      marketValue: "45000000.00",
      forcedSaleValue: null,
      currency: "KES",
      valuationDate: "2026-05-20T00:00:00.000Z",
      inspectionDate: null,
      validUntil: "2026-08-18T00:00:00.000Z",
      addressee: null,
      purpose: null,
    },
    withdrawal: null,
    sealedReport: null,
  } satisfies CertificateRecord;
  const withdrawal = { at: "2026-06-01T09:00:00.000Z", reason: "Wrong plot", replacedBy: null };

  it("holds for a transition built from the record before it, and refuses a changed value or a skipped link", async () => {
    const { keys, sign } = await certificateSigner();
    const first = await sign(issued);
    const revoked = await transitionRecord(
      { text: first, payload: issued },
      { event: "revoked", iat: issued.iat + 60, state: { withdrawal, sealedReport: null } },
    );
    expect(revoked).toMatchObject({
      event: "revoked",
      prev: await sha256Hex(first),
      withdrawal,
      valuation: issued.valuation,
    });
    const second = await sign(revoked);
    expect(
      await chainProblem([
        { text: first, payload: issued },
        { text: second, payload: revoked },
      ]),
    ).toBeNull();
    expect((await checkReport(null, [first, second], keys)).verdict).toBe("record-only");

    // A later record with another market value, signed all the same, is refused with its history.
    const rewritten = { ...revoked, valuation: { ...revoked.valuation, marketValue: "90000000.00" } };
    expect(
      await chainProblem([
        { text: first, payload: issued },
        { text: await sign(rewritten), payload: rewritten },
      ]),
    ).toEqual({
      problem: "frozen-content-differs",
      index: 1,
    });
    expect(await checkReport(null, [first, await sign(rewritten)], keys)).toEqual({
      verdict: "record-refused",
      tone: "invalid",
      problem: "history-disagrees",
    });
    // A record that names another previous record does not follow.
    const unlinked = { ...revoked, prev: "0".repeat(64) };
    expect(
      await chainProblem([
        { text: first, payload: issued },
        { text: await sign(unlinked), payload: unlinked },
      ]),
    ).toEqual({
      problem: "broken-link",
      index: 1,
    });
    // Once records are linked, a later one may not drop the link.
    const { prev: _prev, ...unnamed } = { ...revoked, iat: revoked.iat + 60 };
    expect(
      await chainProblem([
        { text: first, payload: issued },
        { text: second, payload: revoked },
        { text: await sign(unnamed), payload: unnamed },
      ]),
    ).toEqual({ problem: "broken-link", index: 2 });
  });
});
