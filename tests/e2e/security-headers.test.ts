import { createHash } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { registerOwnerViaApi } from "./fixtures/accounts";
import { createCodeViaApi } from "./fixtures/codes";
import { createValuerViaApi } from "./fixtures/valuers";

/**
 * The SPA's static assets are served by the Workers assets binding, not by the Worker, so their
 * headers come from public/_headers. This checks that the built app, served in workerd as it
 * deploys, sends them on the page, on SPA routes and on the JavaScript it loads, and that every
 * HTML page, the Worker's included, tells the browser to use HTTPS only.
 */
const appUrl = inject("appUrl");

/** Two years, subdomains included, no preload (docs/decisions/025-private-local-development.md). */
const HSTS = "max-age=63072000; includeSubDomains";

/** `guardHash`: the policy's source for index.html's one inline script, the landing guard (decision 075). */
function expectAppHeaders(headers: Headers, label: string, guardHash: string) {
  const csp = headers.get("Content-Security-Policy") ?? "";
  const directives = new Map(
    csp
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = "", ...sources]) => [name, sources]),
  );
  expect(directives.get("default-src"), label).toEqual(["'self'"]);
  expect(directives.get("script-src"), label).toEqual(["'self'", guardHash]);
  expect(directives.get("style-src"), label).toEqual(["'self'"]);
  // Inline <style> elements only (the dialogs' scroll lock); see public/_headers.
  expect(directives.get("style-src-elem"), label).toEqual(["'self'", "'unsafe-inline'"]);
  expect(directives.get("img-src"), label).toEqual(["'self'", "data:", "blob:"]);
  expect(directives.get("connect-src"), label).toEqual(["'self'"]);
  expect(directives.get("object-src"), label).toEqual(["'none'"]);
  expect(directives.get("frame-ancestors"), label).toEqual(["'none'"]);
  expect(csp, label).not.toMatch(/unsafe-eval|https?:|\*/);
  expect(headers.get("X-Frame-Options"), label).toBe("DENY");
  expect(headers.get("X-Content-Type-Options"), label).toBe("nosniff");
  expect(headers.get("Referrer-Policy"), label).toBe("strict-origin-when-cross-origin");
  expect(headers.get("Strict-Transport-Security"), label).toBe(HSTS);
}

describe("static asset headers", () => {
  it("are sent with the page, SPA routes and the scripts and styles it loads", async () => {
    const landing = await fetch(appUrl);
    expect(landing.status).toBe(200);
    const html = await landing.text();
    // One inline script, the landing guard, which the policy allows by its hash and nothing else.
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1]!,
    );
    expect(inlineScripts).toHaveLength(1);
    const guardHash = `'sha256-${createHash("sha256").update(inlineScripts[0]!).digest("base64")}'`;
    expectAppHeaders(landing.headers, "/", guardHash);

    const spaRoute = await fetch(`${appUrl}/dashboard`);
    expect(spaRoute.status).toBe(200);
    expectAppHeaders(spaRoute.headers, "/dashboard", guardHash);
    await spaRoute.arrayBuffer();

    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
    expect(assets.some((path) => path.endsWith(".js"))).toBe(true);
    for (const path of assets) {
      const asset = await fetch(`${appUrl}${path}`);
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get("Content-Type"), path).toMatch(/javascript|css/);
      expectAppHeaders(asset.headers, path, guardHash);
      await asset.arrayBuffer();
    }
  });

  it("does not serve the _headers file itself", async () => {
    const res = await fetch(`${appUrl}/_headers`);
    expect(await res.text()).not.toContain("Content-Security-Policy");
  });
});

describe("Strict-Transport-Security", () => {
  it("is on every HTML page: the SPA, the certificate, /verify, the check page and their error pages", async () => {
    const owner = await registerOwnerViaApi();
    const valuer = await createValuerViaApi(owner.token);
    const code = await createCodeViaApi(owner.token, valuer.id);
    const pages = {
      // Static files (public/_headers).
      "/": 200,
      "/dashboard": 200,
      "/reset-password?token=abc": 200,
      // The Worker's pages (worker/middleware/security-headers.ts).
      [`/v/${code.publicToken}`]: 200,
      [`/v/${code.publicToken}/1`]: 200,
      "/v/NoSuchToken12345": 404,
      "/verify": 200,
      [`/verify?code=${encodeURIComponent(code.verificationCode)}`]: 200,
      "/verify?code=VS-0000-0000-00": 404,
      [`/v/${code.publicToken}/check`]: 200,
      "/v/not-a-token!/check": 404,
      // Handed by the Worker to the assets binding: the SPA's index.html.
      [`/v/${code.publicToken}/no/such/page`]: 200,
    };
    for (const [path, status] of Object.entries(pages)) {
      const res = await fetch(`${appUrl}${path}`, { headers: { Accept: "text/html" } });
      expect(res.status, path).toBe(status);
      expect(res.headers.get("Content-Type"), path).toMatch(/^text\/html/);
      expect(res.headers.get("Strict-Transport-Security"), path).toBe(HSTS);
      await res.arrayBuffer();
    }
  });

  it("is on the API's answers too", async () => {
    const res = await fetch(`${appUrl}/api/auth/user`);
    expect(res.status).toBe(401);
    expect(res.headers.get("Strict-Transport-Security")).toBe(HSTS);
    await res.arrayBuffer();
  });
});
