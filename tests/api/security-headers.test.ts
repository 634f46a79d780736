import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "#worker/app.ts";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { api, ORIGIN } from "./fixtures/http";

const ELSEWHERE = "https://attacker.example";
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

function expectSecurityHeaders(headers: Headers, label: string) {
  expect(headers.get("Content-Security-Policy"), label).toBe(JSON_CSP);
  expect(headers.get("X-Content-Type-Options"), label).toBe("nosniff");
  expect(headers.get("Referrer-Policy"), label).toBe("no-referrer");
  expect(headers.get("X-Frame-Options"), label).toBe("DENY");
  expect(headers.get("Cross-Origin-Resource-Policy"), label).toBe("same-origin");
  expect(headers.get("Strict-Transport-Security"), label).toMatch(/^max-age=\d+/);
  expect(headers.has("X-Powered-By"), label).toBe(false);
}

describe("API security headers", () => {
  it("are on every kind of answer: success, refusal, validation error, unknown path and redirect", async () => {
    const owner = await registerOwnerViaServices();
    const answers = {
      success: await api("/api/auth/user", { token: owner.token }),
      unauthorized: await api("/api/auth/user"),
      invalid: await api("/api/login", { body: { email: "nope" } }),
      unknown: await api("/api/no-such-route"),
      redirect: await api("/api/login"),
    };
    expect(Object.values(answers).map((res) => res.status)).toEqual([200, 401, 400, 404, 302]);
    for (const [label, res] of Object.entries(answers)) expectSecurityHeaders(res.headers, label);
  });
});

describe("CORS", () => {
  it("answers the app's own origin and gives any other origin nothing to read", async () => {
    const own = await api("/api/demo-qr", { method: "OPTIONS", headers: { Origin: ORIGIN } });
    expect(own.headers.get("Access-Control-Allow-Origin")).toBe(ORIGIN);

    const elsewhere = await api("/api/auth/user", { headers: { Origin: ELSEWHERE } });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.headers.has("Access-Control-Allow-Origin")).toBe(false);
    expect(elsewhere.headers.get("Vary")).toMatch(/Origin/);

    const sameOrigin = await api("/api/auth/user", { headers: { Origin: ORIGIN } });
    expect(sameOrigin.headers.get("Access-Control-Allow-Origin")).toBe(ORIGIN);
  });

  it("lets only the app's own origin through a preflight", async () => {
    const preflight = (origin: string) =>
      api("/api/qr-codes", {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "authorization,content-type",
        },
      });
    const own = await preflight(ORIGIN);
    expect(own.status).toBe(204);
    expect(own.headers.get("Access-Control-Allow-Origin")).toBe(ORIGIN);
    expect(own.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(own.headers.get("Access-Control-Allow-Headers")).toBe("Authorization,Content-Type");

    const foreign = await preflight(ELSEWHERE);
    expect(foreign.headers.has("Access-Control-Allow-Origin")).toBe(false);
    expect(foreign.headers.has("Access-Control-Allow-Methods")).toBe(false);
  });

  it("also accepts PUBLIC_ORIGIN when the Worker is reached under another host name", async () => {
    const publicOrigin = "https://verify.valuseal.example";
    const request = (origin: string) =>
      new Request("https://valuseal.workers.example/api/auth/user", { headers: { Origin: origin } });
    const configured = { ...env, PUBLIC_ORIGIN: publicOrigin };
    for (const [origin, allowed] of [
      [publicOrigin, publicOrigin],
      [ELSEWHERE, null],
    ] as const) {
      const ctx = createExecutionContext();
      const res = await app.fetch(request(origin), configured, ctx);
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(401);
      expect(res.headers.get("Access-Control-Allow-Origin"), origin).toBe(allowed);
    }
  });
});
