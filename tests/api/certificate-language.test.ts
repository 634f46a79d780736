import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formatVerificationCode } from "#schema/verification-code.ts";
import { app } from "#worker/app.ts";
import { randomToken } from "#worker/lib/random.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { verifyCompanyViaAdmin } from "./fixtures/admins";
import { insertCode } from "./fixtures/codes";
import { api, ORIGIN } from "./fixtures/http";
import { USER_AGENTS } from "./fixtures/scans";

/**
 * The server-rendered verification pages (certificate, invalid code, unknown verification code,
 * unavailable) in English and Swahili: `?lang=` first, else Accept-Language with its q-values.
 */

/** A verified firm's valid Real Estate code for secured lending, valued 15 April 2025 (valid for a year). */
async function arrangeCode() {
  const owner = await registerOwnerViaServices();
  await verifyCompanyViaAdmin(owner.user.companyId!);
  return insertCode(owner, {
    valuationDate: new Date("2025-04-15T00:00:00Z"),
    validUntil: new Date(Date.now() + 365 * 24 * 3600 * 1000),
    purpose: "Secured lending",
  });
}

const open = (path: string, acceptLanguage?: string) =>
  api<string>(path, {
    headers: {
      "User-Agent": USER_AGENTS.android,
      ...(acceptLanguage === undefined ? {} : { "Accept-Language": acceptLanguage }),
    },
  });

const langOf = (page: string) => /<html lang="([^"]*)"/.exec(page)?.[1];

/** The language switch's link: where it leads and what it says. */
function switchLink(page: string) {
  const match = /<nav class="lang"[^>]*>\s*<a href="([^"]*)" hreflang="(\w+)" lang="\w+">([^<]*)<\/a>/.exec(page);
  return match ? { href: match[1]!.replaceAll("&amp;", "&"), language: match[2], label: match[3] } : null;
}

describe("the certificate's language", () => {
  it("is Swahili for a Swahili phone: texts, Swahili dates and labels, lang=sw, a link to English", async () => {
    const code = await arrangeCode();

    const res = await open(`/v/${code.publicToken}`, "sw-KE,sw;q=0.9,en;q=0.8");

    expect(res.status).toBe(200);
    const page = res.body;
    expect(langOf(page)).toBe("sw");
    for (const text of [
      "<title>Cheti cha Tathmini ya Mali</title>",
      "Imethibitishwa kuwa Halali",
      "Taarifa za Mali",
      "Maelezo ya Tathmini",
      "Mthamini Aliyetia Sahihi",
      "Mali isiyohamishika",
      "Mkopo wenye dhamana",
      "Kitambulisho cha msimbo wa QR",
      "Hakikisha kwamba upau wa anwani unaonyesha <strong>valuseal.test</strong>",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).toMatch(/<dt>Thamani ya soko<\/dt>\s*<dd>KSh 45,000,000\.00<\/dd>/);
    expect(page).toMatch(/<dt>Tarehe ya tathmini<\/dt>\s*<dd>15 Aprili 2025<\/dd>/);
    expect(page).toMatch(/<dt>Ukubwa wa jengo<\/dt>\s*<dd>2,450 sqft<\/dd>/);
    expect(page).toMatch(
      new RegExp(`<dt>Msimbo wa uthibitisho</dt>\\s*<dd>${formatVerificationCode(code.verificationCode)}</dd>`),
    );
    for (const english of ["Verified Authentic", "Market value", "Valuation date", "Check that the address bar"]) {
      expect(page).not.toContain(english);
    }
    expect(switchLink(page)).toEqual({
      href: `/v/${code.publicToken}?lang=en`,
      language: "en",
      label: "English",
    });
    expect(res.headers.get("Vary")).toMatch(/Accept-Language/i);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("follows ?lang= over Accept-Language, both ways, and the switch keeps the address", async () => {
    const code = await arrangeCode();

    const english = await open(`/v/${code.publicToken}?lang=en`, "sw");
    expect(langOf(english.body)).toBe("en");
    expect(english.body).toContain("Verified Authentic");
    expect(english.body).toMatch(/<dt>Valuation date<\/dt>\s*<dd>15 April 2025<\/dd>/);
    expect(english.body).toContain("Real Estate");
    expect(switchLink(english.body)).toEqual({
      href: `/v/${code.publicToken}?lang=sw`,
      language: "sw",
      label: "Kiswahili",
    });

    const swahili = await open(`/v/${code.publicToken}?lang=sw`, "en-GB,en;q=0.9");
    expect(langOf(swahili.body)).toBe("sw");
    expect(swahili.body).toContain("Imethibitishwa kuwa Halali");

    // A language the pages do not speak is ignored: the browser's preference decides.
    const unknown = await open(`/v/${code.publicToken}?lang=fr`, "sw-TZ");
    expect(langOf(unknown.body)).toBe("sw");
  });

  it.each([
    ["sw", "sw"],
    ["sw-TZ", "sw"],
    ["en;q=0.5, sw;q=0.9", "sw"],
    ["sw;q=0.2, en", "en"],
    ["fr-FR, sw;q=0.5", "sw"],
    ["fr-FR, en;q=0.8, sw;q=0.5", "en"],
    ["sw;q=0, en;q=0.1", "en"],
    ["de", "en"],
    [undefined, "en"],
  ])("Accept-Language %s gives lang=%s", async (acceptLanguage, expected) => {
    const res = await open(`/v/${randomToken(16)}`, acceptLanguage);
    expect(res.status).toBe(404);
    expect(langOf(res.body)).toBe(expected);
    expect(res.body).toContain(expected === "sw" ? "Msimbo wa QR si Halali" : "Invalid QR Code");
    expect(res.headers.get("Vary")).toMatch(/Accept-Language/i);
  });
});

describe("/verify?code= in both languages", () => {
  it("answers a known code with its certificate in the chosen language, the switch leading to the code's own address", async () => {
    const code = await arrangeCode();
    const typed = formatVerificationCode(code.verificationCode).toLowerCase().replaceAll("-", " ");

    const res = await open(`/verify?code=${encodeURIComponent(typed)}&lang=sw`, "en");

    expect(res.status).toBe(200);
    expect(langOf(res.body)).toBe("sw");
    expect(res.body).toContain("Cheti cha Tathmini ya Mali");
    // Switching must not type the code again (that would spend the typed budget).
    expect(switchLink(res.body)).toEqual({ href: `/v/${code.publicToken}?lang=en`, language: "en", label: "English" });
  });

  it("says Verification code not found in English and in Swahili, and the retry link keeps a chosen language", async () => {
    const english = await open("/verify?code=VS-2222-3333-44", "en-US");
    expect(english.status).toBe(404);
    expect(langOf(english.body)).toBe("en");
    expect(english.body).toContain("<h1>Verification code not found</h1>");
    expect(english.body).toContain('<a href="/verify">try again</a>');
    expect(switchLink(english.body)?.href).toBe("/verify?lang=sw");

    const swahili = await open("/verify?code=VS-2222-3333-44&lang=sw");
    expect(swahili.status).toBe(404);
    expect(langOf(swahili.body)).toBe("sw");
    expect(swahili.body).toContain("<h1>Msimbo wa uthibitisho haukupatikana</h1>");
    expect(swahili.body).toContain("<strong>VS-2222-3333-44</strong>");
    expect(swahili.body).toContain('<a href="/verify?lang=sw">ujaribu tena</a>');
    expect(swahili.body).not.toContain("Verification code not found");
    expect(swahili.headers.get("Vary")).toMatch(/Accept-Language/i);
    expect(swahili.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("the unavailable page", () => {
  it("speaks Swahili when the database cannot be reached", async () => {
    const unreachable = { ...env, DATABASE_URL: "postgres://postgres:postgres@127.0.0.1:9/postgres" };
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`${ORIGIN}/v/${randomToken(16)}`, {
        headers: { "User-Agent": USER_AGENTS.iphone, "Accept-Language": "sw-KE" },
      }),
      unreachable,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(503);
    const page = await res.text();
    expect(langOf(page)).toBe("sw");
    expect(page).toContain("Uthibitisho haupatikani kwa sasa");
  });
});
