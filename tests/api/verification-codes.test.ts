import { describe, expect, it } from "vitest";
import { verifyCompanyViaAdmin } from "./fixtures/admins";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { insertCode, verificationCount } from "./fixtures/codes";
import { api, inOneRateLimitWindow, randomIp, unique } from "./fixtures/http";
import { orphanScansFor, scanEventsOf, USER_AGENTS } from "./fixtures/scans";
import { formatVerificationCode, VERIFICATION_CODE_ALPHABET } from "#schema/verification-code.ts";

/** What a person types, asked of the API from one address (a fresh one unless `ip` is given). */
const lookUp = (typed: string, ip = randomIp()) =>
  api(`/api/public/verification-codes/${encodeURIComponent(typed)}`, {
    ip,
    headers: { "User-Agent": USER_AGENTS.android },
  });

/** The /verify form sent without script: GET /verify?code=… */
const typeOnVerifyPage = (typed: string, ip = randomIp()) =>
  api(`/verify?code=${encodeURIComponent(typed)}`, { ip, headers: { "User-Agent": USER_AGENTS.android } });

/** A well-formed code no report has (other test files try codes too, so each test draws its own). */
function unknownCode() {
  const symbols = Array.from(
    crypto.getRandomValues(new Uint8Array(10)),
    (byte) => VERIFICATION_CODE_ALPHABET[byte % VERIFICATION_CODE_ALPHABET.length],
  ).join("");
  return formatVerificationCode(symbols);
}

async function verifiedCode() {
  const owner = await registerOwnerViaServices();
  await verifyCompanyViaAdmin(owner.user.companyId!);
  const code = await insertCode(owner);
  return { owner, code, printed: formatVerificationCode(code.verificationCode) };
}

describe("GET /api/public/verification-codes/:code", () => {
  it("answers the same certificate as the token look-up, however the code is typed", async () => {
    const { code, printed } = await verifiedCode();
    const bare = code.verificationCode;
    const byToken = await api(`/api/public/certificates/${code.publicToken}`, { ip: randomIp() });
    const spaced = `${bare.slice(0, 4)} ${bare.slice(4, 8)} ${bare.slice(8)}`;
    const variants = [
      printed,
      printed.toLowerCase(),
      bare,
      bare.toLowerCase(),
      `vs ${spaced}`,
      ` ${spaced} `,
      `VS${bare}`,
    ];

    for (const typed of variants) {
      const res = await lookUp(typed);
      expect(res.status, typed).toBe(200);
      expect(res.body.qrCodeId).toBe(code.publicToken);
      expect(res.body.verificationCode).toBe(printed);
      const { verificationCount: _count, ...certificate } = res.body;
      const { verificationCount: _tokenCount, ...tokenCertificate } = byToken.body;
      expect(certificate).toEqual(tokenCertificate);
    }
    // Each look-up from a new address is a counted scan, like scanning the code.
    expect(await verificationCount(code.id)).toBe(1 + variants.length);
    expect(byToken.body).toMatchObject({ status: "valid", issuerVerified: true });
  });

  it("answers 404 for a code no report has and logs every miss like an orphan scan", async () => {
    await verifiedCode();
    const unknown = unknownCode();
    const res = await lookUp(unknown);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "not_found", message: "No report has this verification code" });
    expect(await orphanScansFor(unknown)).toMatchObject([{ qrCodeId: null, counted: false, kind: "scan" }]);

    // Typed with look-alikes or the wrong length, it cannot be a code: refused unread, still logged.
    const malformed = [unknownCode().replace(/-./, "-0"), unknownCode().slice(0, -1), unique("hello")];
    for (const typed of malformed) {
      expect((await lookUp(typed)).status, typed).toBe(404);
      expect(await orphanScansFor(typed)).toHaveLength(1);
    }
  });

  it("limits typed attempts per address: the eleventh in a minute is refused, before any look-up", async () => {
    const { code, printed } = await verifiedCode();
    const ip = randomIp();
    const statuses = await inOneRateLimitWindow(20_000, async () => {
      const seen: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1)
        seen.push((await lookUp(`VS-2222-3333-2${"23456789AB"[attempt]}`, ip)).status);
      seen.push((await lookUp("VS-2222-3333-99", ip)).status);
      // A right code from the same address is refused too: the answer must not tell a hit from a miss.
      seen.push((await lookUp(printed, ip)).status);
      seen.push((await typeOnVerifyPage(printed, ip)).status);
      return seen;
    });
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429]);
    expect(await verificationCount(code.id)).toBe(0);
    // Another address is not affected.
    expect((await lookUp(printed)).status).toBe(200);
  }, 120_000);
});

describe("typed look-ups that would skip the log or the limit", () => {
  it("refuses HEAD, which would say whether a code exists without a log row", async () => {
    const { code, printed } = await verifiedCode();
    const api405 = await api(`/api/public/verification-codes/${printed}`, { method: "HEAD" });
    expect(api405.status).toBe(405);
    expect(api405.headers.get("Allow")).toBe("GET");
    expect((await api(`/verify?code=${printed}`, { method: "HEAD" })).status).toBe(405);
    expect(await verificationCount(code.id)).toBe(0);
  });

  it("gives one budget to a whole IPv6 /64, so new addresses from one network gain nothing", async () => {
    const { printed } = await verifiedCode();
    const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
    const network = `2001:db8:${hex()}:${hex()}`;
    const inNetwork = () => `${network}:${hex()}:${hex()}:${hex()}:${hex()}`;
    const statuses = await inOneRateLimitWindow(20_000, async () => {
      const seen: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) seen.push((await lookUp(unknownCode(), inNetwork())).status);
      return seen;
    });
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another /64 has its own budget.
    expect((await lookUp(printed, `2001:db8:${hex()}:${hex()}::1`)).status).toBe(200);
  }, 120_000);
});

describe("GET /verify?code=", () => {
  it("shows the code's certificate, counted and logged as a scan, with the anti-phishing line", async () => {
    const { code, printed } = await verifiedCode();
    const page = await typeOnVerifyPage(printed.toLowerCase().replace(/-/g, " "));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page.body).toContain("Verified Authentic");
    expect(page.body).toContain(printed);
    expect(page.body).toContain(code.propertyAddress);
    expect(page.body).toContain("Check that the address bar shows <strong>valuseal.test</strong>");
    expect(await scanEventsOf(code.id)).toMatchObject([{ kind: "scan", counted: true }]);
  });

  it("says when no report has the typed code, and offers to try again", async () => {
    const unknown = unknownCode();
    const page = await typeOnVerifyPage(unknown);
    expect(page.status).toBe(404);
    expect(page.body).toContain("Verification code not found");
    expect(page.body).toContain(unknown);
    expect(page.body).toContain('href="/verify"');
    expect(page.body).not.toContain("Verified Authentic");
    expect(await orphanScansFor(unknown)).toHaveLength(1);
  });
});
