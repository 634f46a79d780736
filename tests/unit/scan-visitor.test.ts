import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { Context } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "#worker/db.ts";
import type { AppEnv } from "#worker/env.ts";
import { classifyDevice, isLinkPreview, toHex, visitorHash, visitorNetwork } from "#worker/lib/scan-visitor.ts";
import { scanVisit } from "#worker/request/scan-visit.ts";

/** A year's key, as visitor_salts keeps it. */
const SALT = new Uint8Array(randomBytes(32));

const AGENTS = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  androidPhone:
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  ipad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  kindle:
    "Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; KFTT Build/IML74K) AppleWebKit/537.36 (KHTML, like Gecko) Silk/3.68 like Chrome/39.0.2171.93 Safari/537.36",
  windows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  mac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  linux: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
  whatsapp: "WhatsApp/2.24.8.78 A",
  facebook: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  slack: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  unknownBot: "Mozilla/5.0 (compatible; ExampleBot/3.1)",
  curl: "curl/8.5.0",
  python: "python-requests/2.31.0",
} as const;

describe("isLinkPreview", () => {
  it("recognises chat link previews and crawlers", () => {
    for (const agent of [AGENTS.whatsapp, AGENTS.facebook, AGENTS.slack, AGENTS.googlebot, AGENTS.unknownBot]) {
      expect(isLinkPreview(agent), agent).toBe(true);
    }
    expect(isLinkPreview("Mozilla/5.0 (compatible; Archiver; +https://archive.example/about)")).toBe(true);
  });

  it("does not take people's browsers or scripted clients for previews", () => {
    for (const agent of [AGENTS.iphone, AGENTS.androidPhone, AGENTS.windows, AGENTS.mac, AGENTS.curl, ""]) {
      expect(isLinkPreview(agent), agent).toBe(false);
    }
  });
});

describe("classifyDevice", () => {
  it("tells phones, tablets and computers apart", () => {
    expect(classifyDevice(AGENTS.iphone)).toBe("mobile");
    expect(classifyDevice(AGENTS.androidPhone)).toBe("mobile");
    // Android without "Mobile" is a tablet.
    expect(classifyDevice(AGENTS.androidTablet)).toBe("tablet");
    expect(classifyDevice(AGENTS.ipad)).toBe("tablet");
    expect(classifyDevice(AGENTS.kindle)).toBe("tablet");
    expect(classifyDevice(AGENTS.windows)).toBe("desktop");
    expect(classifyDevice(AGENTS.mac)).toBe("desktop");
    expect(classifyDevice(AGENTS.linux)).toBe("desktop");
  });

  it("calls previews, crawlers and scripted clients bots", () => {
    for (const agent of [
      AGENTS.whatsapp,
      AGENTS.googlebot,
      AGENTS.curl,
      AGENTS.python,
      "Wget/1.21.4",
      "Go-http-client/2.0",
    ]) {
      expect(classifyDevice(agent), agent).toBe("bot");
    }
  });

  it("recognises a scripted client only by how its agent begins", () => {
    expect(classifyDevice(`${AGENTS.windows} curl/8.5.0`)).toBe("desktop");
  });

  it("calls an empty or unrecognised agent other", () => {
    expect(classifyDevice("")).toBe("other");
    expect(classifyDevice("Mozilla/5.0 (PlayStation 5 8.20) AppleWebKit/605.1.15 (KHTML, like Gecko)")).toBe("other");
  });
});

describe("visitorHash", () => {
  /** The documented construction, with Node's crypto: SHA-256(the year's salt ‖ "\n" network), its first 128 bits in base64url. */
  function expectedHash(salt: Uint8Array, network: string) {
    return createHash("sha256").update(salt).update(`\n${network}`).digest().subarray(0, 16).toString("base64url");
  }

  it("is the salted SHA-256 of the visitor's network (an IPv4 /24, an IPv6 /64), cut to 128 bits", async () => {
    expect(await visitorHash(SALT, "203.0.113.7")).toBe(expectedHash(SALT, "203.0.113.0/24"));
    expect(await visitorHash(SALT, "2001:db8::/64")).toBe(expectedHash(SALT, "2001:db8::/64"));
  });

  it("tells visitors apart by network only, and cannot be matched without the year's salt", async () => {
    const hash = await visitorHash(SALT, "203.0.113.7");
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await visitorHash(SALT, "203.0.113.200")).toBe(hash);
    expect(await visitorHash(SALT, "203.0.114.7")).not.toBe(hash);
    expect(await visitorHash(new Uint8Array(randomBytes(32)), "203.0.113.7")).not.toBe(hash);
    expect(hash).not.toBe(
      createHash("sha256").update("\n203.0.113.0/24").digest().subarray(0, 16).toString("base64url"),
    );
  });

  it("names a network as counted: an IPv4 /24, anything else as given", () => {
    expect(visitorNetwork("203.0.113.7")).toBe("203.0.113.0/24");
    expect(visitorNetwork("2001:db8:77:1::/64")).toBe("2001:db8:77:1::/64");
  });
});

describe("toHex", () => {
  it("writes each byte as two lowercase hex digits", () => {
    expect(toHex(new Uint8Array([0, 9, 15, 16, 171, 255]).buffer)).toBe("00090f10abff");
    expect(toHex(new ArrayBuffer(0))).toBe("");
  });
});

describe("scanVisit", async () => {
  // The year's salt is read from the database (worker/services/scans/visitor-salts.ts): this one's.
  const pglite = new PGlite();
  await pglite.exec(readFileSync("migrations/0051_visitor_salts.sql", "utf8"));
  await pglite.query("INSERT INTO visitor_salts (year, salt) VALUES ($1, $2)", [
    new Date().getUTCFullYear(),
    Buffer.from(SALT).toString("hex"),
  ]);
  const db = drizzle({ client: pglite }) as unknown as Database;
  afterAll(() => pglite.close());

  /** A request to the scan path as Cloudflare delivers it, with its `cf` place. */
  function visitOf(init: { method?: string; agent?: string; ip?: string; cf?: Record<string, unknown> }) {
    const headers: Record<string, string> = { "CF-Connecting-IP": init.ip ?? "203.0.113.7" };
    if (init.agent !== undefined) headers["User-Agent"] = init.agent;
    const request = Object.assign(
      new Request("https://verify.example.com/v/Ab3dEf6hIj9kLm2n", { method: init.method, headers }),
      {
        cf: init.cf,
      },
    );
    const c = new Context<AppEnv>(request);
    c.set("db", db);
    return scanVisit(c);
  }

  it("logs a person's scan with the coarse place, device and visitor hash", async () => {
    const visit = await visitOf({ agent: AGENTS.iphone, cf: { country: "KE", city: "Nairobi" } });
    expect(visit).toEqual({
      kind: "scan",
      country: "KE",
      city: "Nairobi",
      deviceClass: "mobile",
      visitorHash: await visitorHash(SALT, "203.0.113.7"),
    });
  });

  it("logs a link preview as a preview, which is never counted", async () => {
    expect(await visitOf({ agent: AGENTS.whatsapp })).toMatchObject({ kind: "preview", deviceClass: "bot" });
  });

  it("keeps no place it was not given, and cuts what it was given to the columns' size", async () => {
    expect(await visitOf({ agent: AGENTS.windows })).toMatchObject({ country: null, city: null });
    expect(await visitOf({ cf: { country: "", city: 42 } })).toMatchObject({ country: null, city: null });
    const long = await visitOf({ cf: { country: "KEN", city: "N".repeat(150) } });
    expect(long).toMatchObject({ country: "KE", city: "N".repeat(100) });
  });

  it("is one visitor for every address of an IPv6 /64 (and a mapped IPv4 for its IPv4) and every browser on it", async () => {
    const network = "2001:db8:77:1";
    const first = await visitOf({ agent: AGENTS.iphone, ip: `${network}::1` });
    const second = await visitOf({ agent: AGENTS.iphone, ip: `${network}:9a:bc:de:f0` });
    expect(first!.visitorHash).toBe(second!.visitorHash);
    expect(first!.visitorHash).toBe(await visitorHash(SALT, `${network}::/64`));
    // Another /64 of the same /48 is another visitor; another browser on the same /64 is not (a
    // script changes its User-Agent at will).
    expect((await visitOf({ agent: AGENTS.iphone, ip: "2001:db8:77:2::1" }))!.visitorHash).not.toBe(first!.visitorHash);
    expect((await visitOf({ agent: AGENTS.androidPhone, ip: `${network}::1` }))!.visitorHash).toBe(first!.visitorHash);
    expect((await visitOf({ agent: AGENTS.iphone, ip: "::ffff:203.0.113.7" }))!.visitorHash).toBe(
      (await visitOf({ agent: AGENTS.iphone, ip: "203.0.113.7" }))!.visitorHash,
    );
  });

  it("counts a request without an agent as its network's visitor", async () => {
    expect(await visitOf({})).toMatchObject({
      deviceClass: "other",
      visitorHash: await visitorHash(SALT, "203.0.113.7"),
    });
  });

  it("logs nothing for a HEAD request", async () => {
    expect(await visitOf({ method: "HEAD", agent: AGENTS.iphone })).toBeNull();
  });
});
