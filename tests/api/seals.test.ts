import { createHash } from "node:crypto";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { registerOwnerViaServices, registerUnconfirmedOwnerViaApi } from "./fixtures/accounts";
import { insertCode, verificationCount } from "./fixtures/codes";
import { setCompanyActiveInDb } from "./fixtures/companies";
import { withDb } from "./fixtures/database";
import { eq } from "drizzle-orm";
import { DAY_MS } from "#schema/limits.ts";
import { qrCodes, reportSeals } from "#schema/tables.ts";
import { addMemberViaServices } from "./fixtures/team";
import { api, inOneRateLimitWindow, randomIp } from "./fixtures/http";
import { scanEventsOf, scanLikePhone } from "./fixtures/scans";

/** Fingerprints as a browser computes them: SHA-256 in hex (docs/sealed-reports.md); here of labelled text. */
const digest = (text: string) => createHash("sha256").update(text).digest("hex");
const pagesOf = (label: string, count: number) =>
  Array.from({ length: count }, (_, index) => digest(`${label} page ${index + 1} of ${count}`));
const sealedFile = (label: string, pages: number) => ({
  sha256: digest(`${label} file`),
  pageFingerprints: pagesOf(label, pages),
});

const seal = (token: string, codeId: number, body: unknown) => api(`/api/qr-codes/${codeId}/seals`, { token, body });
const check = (publicToken: string, body: unknown, ip = randomIp()) =>
  api(`/api/public/certificates/${publicToken}/check`, { body, ip });

describe("POST /api/qr-codes/:id/seals", () => {
  it("registers a sealed file's fingerprints as version 1, 2, … with who sealed it, newest first", async () => {
    const owner = await registerOwnerViaServices({ firstName: "Grace", lastName: "Achieng" });
    const member = await addMemberViaServices(owner);
    const code = await insertCode(owner);
    const sealedAny = async () => (await api("/api/analytics/stats", { token: owner.token })).body.hasSealedReport;
    expect(await sealedAny()).toBe(false);

    const first = await seal(owner.token, code.id, sealedFile("report v1", 12));
    expect(first.status).toBe(201);
    // The dashboard's setup checklist ticks its last step.
    expect(await sealedAny()).toBe(true);
    expect(first.body).toMatchObject({
      version: 1,
      pageCount: 12,
      sha256: digest("report v1 file"),
      sealedBy: "Grace Achieng",
    });
    // The answer carries the signed record file the browser attaches to the sealed PDF: its latest
    // record names this version's digest.
    const carried = first.body.signedRecord;
    expect(decodeJwt(carried.record)).toMatchObject({
      event: "sealed",
      sealedReport: { version: 1, sha256: digest("report v1 file"), pageCount: 12 },
    });
    expect(carried.keys).toBe("http://valuseal.test/.well-known/jwks.json");
    const second = await seal(member.token, code.id, sealedFile("report v2", 13));
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ version: 2, pageCount: 13 });

    const list = await api(`/api/qr-codes/${code.id}/seals`, { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body.map((entry: { version: number }) => entry.version)).toEqual([2, 1]);
    expect(list.body[1]).toMatchObject({ sealedBy: "Grace Achieng", pageCount: 12 });
    expect(Date.parse(list.body[0].sealedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("numbers seals sent at the same moment 1 to 5, each once", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => seal(owner.token, code.id, sealedFile(`burst ${index}`, 2))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.map((answer) => answer.body.version).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it("validates the fingerprints", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const cases: [unknown, string][] = [
      [{ sha256: "abc", pageFingerprints: pagesOf("x", 1) }, "sha256"],
      [{ sha256: digest("x"), pageFingerprints: [] }, "pageFingerprints"],
      [{ sha256: digest("x"), pageFingerprints: pagesOf("x", 301) }, "pageFingerprints"],
      [{ sha256: digest("x").toUpperCase(), pageFingerprints: pagesOf("x", 1) }, "sha256"],
      [{ sha256: digest("x"), pageFingerprints: ["not hex"] }, "pageFingerprints"],
      [{ ...sealedFile("x", 1), file: "the whole PDF" }, ""],
    ];
    for (const [body, field] of cases) {
      const res = await seal(owner.token, code.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toBe("Validation failed");
      expect(res.body.errors.join(" ")).toContain(field);
    }
    expect((await api(`/api/qr-codes/${code.id}/seals`, { token: owner.token })).body).toEqual([]);
  });

  it("refuses a revoked code, another company's code, an unconfirmed email and a deactivated company", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner, { revokedAt: new Date(), revokedReason: "Typo in the value" });
    const revoked = await seal(owner.token, code.id, sealedFile("revoked", 1));
    expect(revoked.status).toBe(409);
    expect(revoked.body.message).toBe("This code is revoked: reinstate it before sealing a report with it.");

    const other = await registerOwnerViaServices();
    const foreign = await insertCode(other);
    expect((await seal(owner.token, foreign.id, sealedFile("foreign", 1))).status).toBe(404);
    expect((await api(`/api/qr-codes/${foreign.id}/seals`, { token: owner.token })).status).toBe(404);
    expect((await api(`/api/qr-codes/${foreign.id}/seals`)).status).toBe(401);

    const unconfirmed = await registerUnconfirmedOwnerViaApi();
    const unconfirmedCode = await insertCode(unconfirmed);
    const refused = await seal(unconfirmed.token, unconfirmedCode.id, sealedFile("unconfirmed", 1));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Confirm your email to issue codes/);

    await setCompanyActiveInDb(other.user.companyId!, false);
    expect((await seal(other.token, foreign.id, sealedFile("inactive", 1))).status).toBe(403);
  });
});

describe("POST /api/public/certificates/:token/check", () => {
  async function sealedCode() {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const v1 = sealedFile("v1", 10);
    expect((await seal(owner.token, code.id, v1)).status).toBe(201);
    return { owner, code, v1 };
  }

  it("says exact for the sealed file, with the seal's date, pages and version", async () => {
    const { code, v1 } = await sealedCode();
    const res = await check(code.publicToken, v1);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      verdict: "exact",
      // The exact file, but of a firm ValuSeal has not verified: amber by the one judge (verifier/judge.ts).
      tone: "warning",
      pageCount: 10,
      matchedVersion: 1,
      latestVersion: 1,
      codeStatus: "valid",
    });
    expect(res.body.differingPages).toBeUndefined();
    expect(Date.parse(res.body.sealedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Whose code it is, as the certificate shows it: the reader compares it with the report.
    expect(res.body.code).toEqual({
      address: code.qrCodeData,
      issuerName: code.issuerName,
      issuerVerified: false,
      issuerTrust: "not-verified",
      valuerRegisterCheck: null,
      issuerClosedAt: null,
      property: "Plot 7, Riverside Drive, Nairobi",
      marketValue: "45000000.00",
      currency: "KES",
    });
  });

  it("keeps at most 50 sealed versions of a code", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    await withDb((db) =>
      db.insert(reportSeals).values(
        Array.from({ length: 49 }, (_, index) => ({
          qrCodeId: code.id,
          version: index + 1,
          sha256: digest(`old ${index}`),
          pageFingerprints: pagesOf(`old ${index}`, 1),
          pageCount: 1,
        })),
      ),
    );
    const fiftieth = await seal(owner.token, code.id, sealedFile("fiftieth", 1));
    expect(fiftieth.body).toMatchObject({ version: 50 });
    const refused = await seal(owner.token, code.id, sealedFile("fifty-first", 1));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This code already has 50 sealed versions, the most a code keeps.");
  });

  it("says same-text for a re-saved copy: other bytes, every page's text the same", async () => {
    const { code, v1 } = await sealedCode();
    const res = await check(code.publicToken, { ...v1, sha256: digest("printed to PDF") });
    expect(res.body).toMatchObject({ verdict: "same-text", matchedVersion: 1 });
  });

  it("names the pages whose text differs, and catches pages removed, added or reordered", async () => {
    const { code, v1 } = await sealedCode();
    const edited = [...v1.pageFingerprints];
    edited[1] = digest("page 2 with the market value raised");
    edited[6] = digest("page 7 with other comparables");
    const oneEdit = await check(code.publicToken, { sha256: digest("edited"), pageFingerprints: edited });
    expect(oneEdit.body).toMatchObject({ verdict: "pages-differ", differingPages: [2, 7], pageCount: 10 });

    const removed = v1.pageFingerprints.slice(0, 8);
    const shorter = await check(code.publicToken, { sha256: digest("shorter"), pageFingerprints: removed });
    expect(shorter.body).toMatchObject({ verdict: "pages-differ", differingPages: [9, 10] });

    const swapped = [...v1.pageFingerprints];
    [swapped[2], swapped[3]] = [swapped[3]!, swapped[2]!];
    const reordered = await check(code.publicToken, { sha256: digest("swapped"), pageFingerprints: swapped });
    expect(reordered.body).toMatchObject({ verdict: "pages-differ", differingPages: [3, 4] });

    const added = [
      ...v1.pageFingerprints.slice(0, 5),
      digest("a page from another report"),
      ...v1.pageFingerprints.slice(5),
    ];
    const longer = await check(code.publicToken, { sha256: digest("longer"), pageFingerprints: added });
    expect(longer.body).toMatchObject({ verdict: "pages-differ", differingPages: [6, 7, 8, 9, 10, 11] });
  });

  it("says not-sealed-file for an unrelated PDF, and for any file when the code was never sealed", async () => {
    const { code } = await sealedCode();
    const unrelated = await check(code.publicToken, sealedFile("another firm's report", 10));
    expect(unrelated.body).toMatchObject({
      verdict: "not-sealed-file",
      tone: "invalid",
      matchedVersion: null,
      latestVersion: 1,
      sealedAt: null,
    });

    const owner = await registerOwnerViaServices();
    const neverSealed = await insertCode(owner);
    const res = await check(neverSealed.publicToken, sealedFile("anything", 3));
    expect(res.body).toMatchObject({ verdict: "not-sealed-file", latestVersion: null, pageCount: null });
  });

  it("says which version a copy matches and that a newer one exists, and that a code is revoked", async () => {
    const { owner, code, v1 } = await sealedCode();
    expect((await seal(owner.token, code.id, sealedFile("v2", 11))).status).toBe(201);
    const old = await check(code.publicToken, v1);
    expect(old.body).toMatchObject({ verdict: "exact", matchedVersion: 1, latestVersion: 2, pageCount: 10 });

    const revoke = await api(`/api/qr-codes/${code.id}/revoke`, {
      token: owner.token,
      body: { reason: "Value corrected" },
    });
    expect(revoke.status).toBe(200);
    const after = await check(code.publicToken, v1);
    expect(after.body).toMatchObject({ verdict: "exact", codeStatus: "revoked" });
  });

  it("answers the certificate's own status and trust: an exact copy of an expired code is not valid", async () => {
    const { code, v1 } = await sealedCode();
    await withDb((db) =>
      db
        .update(qrCodes)
        .set({ validUntil: new Date(Date.now() - 2 * DAY_MS) })
        .where(eq(qrCodes.id, code.id)),
    );
    const expired = await check(code.publicToken, v1);
    expect(expired.body).toMatchObject({
      verdict: "exact",
      codeStatus: "expired",
      code: { issuerVerified: false, issuerTrust: "not-verified" },
    });
  });

  it("logs each check in the code's scan log with its verdict, without adding to the count", async () => {
    const { owner, code, v1 } = await sealedCode();
    await check(code.publicToken, v1);
    await check(code.publicToken, sealedFile("unrelated", 2));
    expect(await verificationCount(code.id)).toBe(0);
    const log = await api(`/api/qr-codes/${code.id}/scans`, { token: owner.token });
    expect(
      log.body.scans.map((scan: { kind: string; checkVerdict: string; counted: boolean }) => [
        scan.kind,
        scan.checkVerdict,
        scan.counted,
      ]),
    ).toEqual([
      ["check", "not-sealed-file", false],
      ["check", "exact", false],
    ]);
  });

  it("answers 404 for an unknown or malformed token and 400 for bad fingerprints", async () => {
    expect((await check("AAAAAAAAAAAAAAAA", sealedFile("x", 1))).status).toBe(404);
    const malformed = await check("not-a-token", sealedFile("x", 1));
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toBe("Invalid QR code data");
    const { code } = await sealedCode();
    const bad = await check(code.publicToken, { sha256: "x", pageFingerprints: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.length).toBe(2);
  });

  it("shares the scan path's rate-limit budget per address", async () => {
    const { code, v1 } = await sealedCode();
    // Checks and scans by turns, a few at a time, all inside one counting window: past the budget
    // of 120 both are refused, so the next check and the next scan from that address are too.
    const answers = await inOneRateLimitWindow(40_000, async () => {
      const ip = randomIp();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 130; attempt += 10) {
        const batch = await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            index % 2 ? scanLikePhone(code.publicToken, { ip }) : check(code.publicToken, v1, ip),
          ),
        );
        statuses.push(...batch.map((res) => res.status));
      }
      statuses.push(
        (await check(code.publicToken, v1, ip)).status,
        (await scanLikePhone(code.publicToken, { ip })).status,
      );
      return statuses;
    });
    expect(answers.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(answers.slice(-2)).toEqual([429, 429]);
    // Time to wait for a fresh counting window (up to a minute) and then flood it.
  }, 120_000);
});

describe("GET /v/:token/:page (a sealed report's page QR)", () => {
  it("shows which page of the sealed report was scanned, counts the scan and logs the page", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    await seal(owner.token, code.id, sealedFile("v1", 12));
    const res = await api(`/v/${code.publicToken}/3`, {
      headers: { "User-Agent": "Mozilla/5.0 (iPhone) Safari/604.1" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain("Page 3 of 12 of the sealed report");
    expect(res.body).toContain(`href="/v/${code.publicToken}/check"`);
    expect(await verificationCount(code.id)).toBe(1);
    const [event] = await scanEventsOf(code.id);
    expect(event).toMatchObject({ kind: "scan", counted: true, page: 3 });
  });

  it("names no page past the sealed report's end or for an unsealed code, and refuses page 0 and 301", async () => {
    const owner = await registerOwnerViaServices();
    const code = await insertCode(owner);
    const unsealed = await api(`/v/${code.publicToken}/2`);
    expect(unsealed.status).toBe(200);
    expect(unsealed.body).not.toContain("of the sealed report");
    expect(unsealed.body).not.toContain("Check the PDF you were given");
    expect(unsealed.body).toContain("The issuer did not seal a PDF of this report with ValuSeal");
    await seal(owner.token, code.id, sealedFile("v1", 4));
    expect((await api(`/v/${code.publicToken}/5`)).body).not.toContain("of the sealed report");
    expect((await api(`/v/${code.publicToken}/0`)).status).toBe(404);
    expect((await api(`/v/${code.publicToken}/301`)).status).toBe(404);
  });
});

describe("GET /v/:token/check", () => {
  // The page itself is a built asset, served in the browser tests; here only what needs no build.
  it("answers the invalid-code page for a malformed token", async () => {
    const res = await api("/v/not-a-token/check");
    expect(res.status).toBe(404);
    expect(res.body).toContain("Invalid QR Code");
  });
});
