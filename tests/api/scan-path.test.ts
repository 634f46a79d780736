import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { codeVisitors, companies, scanEvents, valuers } from "#schema/tables.ts";
import { app } from "#worker/app.ts";
import { randomToken } from "#worker/lib/random.ts";
import { RECENT_VALUATION } from "../shared/dates";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { verifyCompanyViaAdmin } from "./fixtures/admins";
import { insertCode, VEHICLE_CODE, verificationCount } from "./fixtures/codes";
import { withDb } from "./fixtures/database";
import { api, fetchWorker, ORIGIN, randomIp, unique } from "./fixtures/http";
import { orphanScansFor, scanEventsOf, scanLikePhone, USER_AGENTS } from "./fixtures/scans";
import { insertValuer } from "./fixtures/valuers";

async function gzippedSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

async function sha256Base64(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest));
}

describe("GET /v/:token", () => {
  it("answers a complete certificate from the server's record and counts the scan", async () => {
    const owner = await registerOwnerViaServices({ name: "Acme Valuers", email: `${unique("acme")}@example.com` });
    await verifyCompanyViaAdmin(owner.user.companyId!);
    const valuer = await insertValuer(owner.user.companyId!, {
      name: "Peter Otieno",
      qualification: "FRICS",
      phone: "+254 711 000 999",
    });
    const code = await insertCode(owner, { valuerId: valuer.id });

    const res = await scanLikePhone(code.publicToken);

    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html; charset=UTF-8/i);
    const page: string = res.body;
    for (const text of [
      "Property Valuation Certificate",
      "Verified Authentic",
      "Property Information",
      "Plot 7, Riverside Drive, Nairobi",
      "VAL-2025-001",
      "Real Estate",
      "2,450 sqft",
      "0.5 acres",
      "Valuation Details",
      "KSh 45,000,000.00",
      RECENT_VALUATION.long,
      "Signing Valuer",
      "Peter Otieno",
      "FRICS",
      "+254 711 000 999",
      "Acme Valuers",
      owner.email,
      "QR Code ID",
      code.publicToken,
      "Scan count",
      "Check that the address bar shows <strong>valuseal.test</strong>",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).toMatch(/<dt>Scan count<\/dt>\s*<dd>1<\/dd>/);
    expect(page).toMatch(new RegExp(`<dt>QR Code ID</dt>\\s*<dd>${code.publicToken}</dd>`));

    const [event] = await scanEventsOf(code.id);
    expect(event).toMatchObject({ companyId: owner.user.companyId, deviceClass: "mobile", attemptedToken: null });
    expect(event!.visitorHash).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("names a Motor Vehicle by its Vehicle Reference Number and Vehicle Description, with no location or sizes", async () => {
    const code = await insertCode(await registerOwnerViaServices(), VEHICLE_CODE);

    const res = await scanLikePhone(code.publicToken);

    expect(res.status).toBe(200);
    const page: string = res.body;
    expect(page).toMatch(/<dt>Vehicle Reference Number<\/dt>\s*<dd>KDA 123A<\/dd>/);
    expect(page).toMatch(/<dt>Vehicle Description<\/dt>\s*<dd>Toyota Land Cruiser 2021, white<\/dd>/);
    expect(page).toMatch(/<dt>Type<\/dt>\s*<dd>Motor Vehicle<\/dd>/);
    for (const absent of ["<dt>Location</dt>", "<dt>Reference</dt>", "<dt>Building size</dt>", "<dt>Land size</dt>"]) {
      expect(page).not.toContain(absent);
    }
  });

  it("shows the count up by one on a second scan", async () => {
    const code = await insertCode(await registerOwnerViaServices());
    await scanLikePhone(code.publicToken);
    const second = await scanLikePhone(code.publicToken);
    expect(second.body).toMatch(/<dt>Scan count<\/dt>\s*<dd>2<\/dd>/);
    expect(await verificationCount(code.id)).toBe(2);
  });

  it("logs a repeat by the same visitor within ten minutes but counts it once; later it counts again", async () => {
    const code = await insertCode(await registerOwnerViaServices());
    const phone = randomIp();
    await scanLikePhone(code.publicToken, { ip: phone });
    const reload = await scanLikePhone(code.publicToken, { ip: phone });
    expect(reload.status).toBe(200);
    expect(reload.body).toMatch(/<dt>Scan count<\/dt>\s*<dd>1<\/dd>/);
    // Another phone counts at once; another browser on the same network is the same visitor
    // (a user agent costs nothing to change, so it never makes a new one: docs/decisions/026).
    await scanLikePhone(code.publicToken);
    await scanLikePhone(code.publicToken, { ip: phone, userAgent: USER_AGENTS.android });
    expect(await verificationCount(code.id)).toBe(2);
    const events = await scanEventsOf(code.id);
    expect(events).toHaveLength(4);
    expect(events.filter((event) => !event.counted)).toHaveLength(2);

    // Eleven minutes on (the log's times and each visitor's last counted scan), the same phone counts again.
    await withDb(async (db) => {
      await db
        .update(scanEvents)
        .set({ scannedAt: sql`${scanEvents.scannedAt} - interval '11 minutes'` })
        .where(eq(scanEvents.qrCodeId, code.id));
      await db
        .update(codeVisitors)
        .set({ lastCountedAt: sql`${codeVisitors.lastCountedAt} - interval '11 minutes'` })
        .where(eq(codeVisitors.codeId, code.id));
    });
    const later = await scanLikePhone(code.publicToken, { ip: phone });
    expect(later.body).toMatch(/<dt>Scan count<\/dt>\s*<dd>3<\/dd>/);
  });

  it("counts 200 concurrent scans of one code exactly, none lost", async () => {
    const code = await insertCode(await registerOwnerViaServices(), { verificationCount: 7 });
    const responses = await Promise.all(Array.from({ length: 200 }, () => scanLikePhone(code.publicToken)));
    expect(responses.map((res) => res.status)).toEqual(Array(200).fill(200));
    expect(await verificationCount(code.id)).toBe(207);
    expect(await scanEventsOf(code.id)).toHaveLength(200);
    // Every page shows the count its own scan made, as if the scans had run one after the other:
    // they meet in the code's one Durable Object, which numbers each batch's scans in order.
    const seen = responses.map((res) => Number(/<dt>Scan count<\/dt>\s*<dd>(\d+)<\/dd>/.exec(res.body)?.[1]));
    expect(seen.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, index) => 8 + index));
    // The next scan sees every one of them.
    const next = await scanLikePhone(code.publicToken);
    expect(next.body).toMatch(/<dt>Scan count<\/dt>\s*<dd>208<\/dd>/);
  });

  it("counts 200 concurrent scans over 10 codes of one company exactly, in each code and in the company's total", async () => {
    const owner = await registerOwnerViaServices();
    const codes = await Promise.all(Array.from({ length: 10 }, () => insertCode(owner)));
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => scanLikePhone(codes[index % codes.length]!.publicToken)),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(200).fill(200));
    for (const code of codes) expect(await verificationCount(code.id)).toBe(20);
    const stats = await api("/api/analytics/stats", { token: owner.token });
    expect(stats.body).toMatchObject({ totalQRCodes: 10, verifications: 200 });
  });

  it("answers link previews, crawlers and HEAD without counting them; previews are logged as such", async () => {
    const owner = await registerOwnerViaServices();
    await verifyCompanyViaAdmin(owner.user.companyId!);
    const code = await insertCode(owner);
    const previews = [
      USER_AGENTS.whatsapp,
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Twitterbot/1.0",
      "TelegramBot (like TwitterBot)",
      "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
    ];
    for (const userAgent of previews) {
      const res = await scanLikePhone(code.publicToken, { userAgent });
      expect(res.status, userAgent).toBe(200);
      expect(res.body).toContain("Verified Authentic");
      expect(res.body).toMatch(/<dt>Scan count<\/dt>\s*<dd>0<\/dd>/);
    }
    const head = await scanLikePhone(code.publicToken, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Cache-Control")).toBe("no-store");
    expect(await verificationCount(code.id)).toBe(0);
    // Each preview is in the scan log, marked and not counted, so the company sees who fetched the
    // address; HEAD only checks that the address answers and is not logged.
    const logged = await scanEventsOf(code.id);
    expect(logged).toHaveLength(previews.length);
    expect(logged.every((event) => event.kind === "preview" && !event.counted)).toBe(true);

    const curl = await scanLikePhone(code.publicToken, { userAgent: "curl/8.5.0" });
    expect(curl.body).toMatch(/<dt>Scan count<\/dt>\s*<dd>1<\/dd>/);
    const counted = (await scanEventsOf(code.id)).filter((event) => event.counted);
    expect(counted).toMatchObject([{ kind: "scan", deviceClass: "bot" }]);
  });

  it("sends the security headers and stays small, with no script and no external request", async () => {
    const code = await insertCode(await registerOwnerViaServices());
    const res = await scanLikePhone(code.publicToken);

    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("img-src data:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!;
    expect(csp).toContain(`style-src 'sha256-${await sha256Base64(style)}'`);
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");

    expect(res.body).not.toMatch(/<script|<link|<img|<iframe|src=|url\(/i);
    expect(res.body).toContain('name="viewport" content="width=device-width,initial-scale=1"');
    expect(await gzippedSize(res.body)).toBeLessThan(8 * 1024);
  });

  it("escapes every value: a <script> address is shown as text", async () => {
    const attack = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
    const code = await insertCode(await registerOwnerViaServices({ name: `"><script>alert(2)</script>` }), {
      propertyAddress: attack,
      propertyReference: `' onmouseover='alert(3)`,
    });
    const res = await scanLikePhone(code.publicToken);
    expect(res.status).toBe(200);
    expect(res.body).not.toMatch(/<script|<img|onmouseover='/i);
    expect(res.body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(res.body).toContain("&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
  });

  it("answers an unknown token with the invalid page and logs an orphan scan", async () => {
    const token = randomToken(16);
    const res = await scanLikePhone(token);
    expect(res.status).toBe(404);
    expect(res.body).toContain("Invalid QR Code");
    expect(res.body).toContain("Invalid QR code data");
    expect(res.body).toContain("<strong>Not a ValuSeal code — do not rely on the document it appears on</strong>");
    expect(res.body).not.toContain("Verified Authentic");
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const [orphan] = await orphanScansFor(token);
    expect(orphan).toMatchObject({ qrCodeId: null, companyId: null, deviceClass: "mobile" });
    expect(orphan!.scannedAt).toBeInstanceOf(Date);
  });

  it("rejects a malformed token without looking it up, logging it truncated and escaped", async () => {
    const attempt = `${unique("x")}<b>${"y".repeat(80)}`;
    const res = await scanLikePhone(encodeURIComponent(attempt));
    expect(res.status).toBe(404);
    expect(res.body).toContain("Invalid QR code data");
    expect(res.body).not.toContain("<b>");
    const [orphan] = await orphanScansFor(attempt.slice(0, 64));
    expect(orphan?.qrCodeId).toBeNull();

    expect(orphan).toMatchObject({ kind: "scan", counted: false });

    // A preview of an address that names no code is logged too: someone is sharing a forged link.
    const previewed = randomToken(16);
    await scanLikePhone(previewed, { userAgent: USER_AGENTS.whatsapp });
    expect(await orphanScansFor(previewed)).toMatchObject([{ kind: "preview", counted: false, qrCodeId: null }]);
  });

  it("marks a revoked code in red with date, reason and the replacing code, never as authentic", async () => {
    const owner = await registerOwnerViaServices();
    const replacement = await insertCode(owner);
    const code = await insertCode(owner, {
      revokedAt: new Date("2025-03-03T10:00:00Z"),
      revokedReason: "Superseded by a new valuation <v2>",
      supersededById: replacement.id,
    });
    const res = await scanLikePhone(code.publicToken);
    expect(res.status).toBe(200);
    expect(res.body).toContain("Revoked on 3 March 2025");
    expect(res.body).toContain("Superseded by a new valuation &lt;v2&gt;");
    expect(res.body).toContain(`href="${ORIGIN}/v/${replacement.publicToken}"`);
    expect(res.body).toContain('class="banner bad"');
    expect(res.body).not.toContain("Verified Authentic");
    expect(await verificationCount(code.id)).toBe(1);
  });

  it("still verifies a code whose valuer was deleted, and answers a suspended company's code in amber", async () => {
    const owner = await registerOwnerViaServices();
    await verifyCompanyViaAdmin(owner.user.companyId!);
    const valuer = await insertValuer(owner.user.companyId!, { name: "Departed Valuer" });
    const code = await insertCode(owner, { valuerId: valuer.id });
    await withDb((db) =>
      db.update(valuers).set({ deletedAt: new Date(), isActive: false }).where(eq(valuers.id, valuer.id)),
    );
    const res = await scanLikePhone(code.publicToken);
    expect(res.body).toContain("Verified Authentic");
    expect(res.body).toContain("Departed Valuer");

    await withDb((db) =>
      db
        .update(companies)
        .set({ isActive: false, suspendedAt: new Date("2025-03-04T10:00:00Z") })
        .where(eq(companies.id, owner.user.companyId!)),
    );
    const suspended = await scanLikePhone(code.publicToken);
    expect(suspended.status).toBe(200);
    expect(suspended.body).toContain("Issuer suspended by ValuSeal on 4 March 2025");
    expect(suspended.body).toContain("Departed Valuer");
    expect(suspended.body).not.toContain("Verified Authentic");
  });

  it("shows the landing page's demo as a labelled sample, never counted", async () => {
    const res = await scanLikePhone("demo");
    expect(res.status).toBe(200);
    expect(res.body).toContain("Property Valuation Certificate");
    expect(res.body).toContain("Sample certificate — for demonstration only");
    expect(res.body).toContain("Plot 12, Riverside Drive, Westlands, Nairobi");
    expect(res.body).toContain("15 January 2025");
    expect(res.body).not.toContain("Verified Authentic");
    expect(await orphanScansFor("demo")).toHaveLength(0);
  });

  it("records the country and city Cloudflare attaches to the request", async () => {
    const code = await insertCode(await registerOwnerViaServices());
    const res = await fetchWorker(`${ORIGIN}/v/${code.publicToken}`, {
      headers: { "User-Agent": USER_AGENTS.iphone, "CF-Connecting-IP": "10.9.8.7" },
      cf: { country: "KE", city: "Nairobi" },
    });
    expect(res.status).toBe(200);
    await res.text();
    const [event] = await scanEventsOf(code.id);
    expect(event).toMatchObject({ country: "KE", city: "Nairobi" });
  });

  it("answers a friendly 503 page when the database cannot be reached", async () => {
    // The proxy answers but nothing listens behind it, as when the database itself is down.
    const unreachable = { ...env, DATABASE_URL: "postgres://postgres:postgres@127.0.0.1:9/postgres" };
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`${ORIGIN}/v/${randomToken(16)}`, { headers: { "User-Agent": USER_AGENTS.iphone } }),
      unreachable,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(503);
    const page = await res.text();
    expect(page).toContain("Verification temporarily unavailable, please try again");
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
  });
});
