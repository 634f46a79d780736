import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { DEMO_CERTIFICATE } from "#schema/demo-certificate.ts";
import { app } from "#worker/app.ts";
import { OWNER_PASSWORD } from "../shared/accounts";
import type { OutageAction } from "../support/outage-database-global-setup";
import { codeInput } from "./fixtures/codes";
import { type ApiResponse, ORIGIN, randomIp, unique } from "./fixtures/http";
import { USER_AGENTS } from "./fixtures/scans";
import { tokenIn, waitForEmail } from "../shared/inbox";

/**
 * When the database goes away the API answers 503 { message } at once (no hang, no
 * stack trace), the certificate page says verification is temporarily unavailable, and both work
 * again by themselves when the database is back. The outage is real: the embedded Postgres
 * stops listening. It is a database of its own (tests/support/outage-database-global-setup.ts),
 * so the other test files, running at the same time, never see it.
 */

const control = inject("outageDatabaseControl");
const UNAVAILABLE = {
  code: "unavailable",
  message: "The service is temporarily unavailable. Please try again shortly.",
};
/** The pool gives up connecting after 5 s (worker/db.ts); anything slower is a hang. */
const ANSWER_WITHIN_MS = 6_000;

let worker: typeof env;

async function setDatabase(action: OutageAction) {
  const res = await fetch(`${control}/${action}`, { method: "POST" });
  expect(res.status, await res.text()).toBe(204);
}

/** The real Worker app, with DATABASE_URL pointing at the outage database. */
async function call(
  path: string,
  options: { method?: string; body?: unknown; token?: string; userAgent?: string } = {},
): Promise<ApiResponse & { ms: number }> {
  const headers: Record<string, string> = {
    "CF-Connecting-IP": randomIp(),
    "User-Agent": options.userAgent ?? USER_AGENTS.iphone,
  };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const request = new Request(`${ORIGIN}${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const ctx = createExecutionContext();
  const started = performance.now();
  const res = await app.fetch(request, worker, ctx);
  const text = await res.text();
  const ms = performance.now() - started;
  await waitOnExecutionContext(ctx);
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* HTML stays text */
  }
  return { status: res.status, body, headers: res.headers, ms };
}

describe("database outage", () => {
  let token: string;
  let valuerId: number;
  let publicToken: string;

  beforeAll(async () => {
    const started = await fetch(`${control}/database`, { method: "POST" });
    const { url } = (await started.json()) as { url: string };
    // Production's connection timeout: an outage must be answered within it.
    worker = { ...env, DATABASE_URL: url, DB_CONNECT_TIMEOUT_MS: "5000" };

    const password = OWNER_PASSWORD;
    const email = `${unique("outage")}@example.com`;
    const registered = await call("/api/register", {
      body: {
        firstName: "Olive",
        lastName: "Outage",
        name: unique("Outage Co"),
        email,
        password,
        confirmPassword: password,
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(202);
    const signedIn = await call("/api/login", { body: { email, password } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    token = (signedIn.body as { token: string }).token;
    // The owner confirms their email through the link in the inbox, as on the main database.
    const confirmation = await waitForEmail(email, "Confirm your email");
    const confirmed = await call("/api/auth/confirm-email", {
      body: { token: tokenIn(confirmation, "/confirm-email") },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const valuer = await call("/api/valuers", { token, body: { name: "Jane Wanjiku" } });
    valuerId = (valuer.body as { id: number }).id;
    const code = await call("/api/qr-codes", { token, body: codeInput(valuerId) });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    publicToken = (code.body as { publicToken: string }).publicToken;
  }, 60_000);

  it("answers 503 at once while the database is down, and recovers by itself when it returns", async () => {
    const logged: string[] = [];
    const logSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
    await setDatabase("stop");
    try {
      const apiCalls: [string, Parameters<typeof call>[1]][] = [
        ["/api/auth/user", { token }],
        ["/api/qr-codes", { token }],
        ["/api/qr-codes", { token, body: codeInput(valuerId) }],
        ["/api/analytics/stats", { token }],
        ["/api/login", { body: { email: "someone@example.com", password: "whatever-it-is" } }],
        [`/api/public/certificates/${publicToken}`, {}],
      ];
      for (const [path, options] of apiCalls) {
        const res = await call(path, options);
        const label = `${options?.body ? "POST" : "GET"} ${path}`;
        expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(503);
        expect(res.body, label).toEqual(UNAVAILABLE);
        expect(res.headers.get("Retry-After"), label).toBe("5");
        expect(res.ms, label).toBeLessThan(ANSWER_WITHIN_MS);
      }

      // Routes that need no database keep working.
      expect((await call("/api/demo-qr", { body: DEMO_CERTIFICATE })).status).toBe(200);

      const page = await call(`/v/${publicToken}`);
      expect(page.status).toBe(503);
      expect(page.ms).toBeLessThan(ANSWER_WITHIN_MS);
      expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(page.headers.get("Retry-After")).toBe("5");
      expect(page.body).toContain("Verification temporarily unavailable");
      expect(page.body).toContain("please try again in a moment");
      expect(page.body).not.toContain("Verified Authentic");
      expect(page.body).not.toMatch(/\bat .*\.(ts|js):\d+|Error:/);
    } finally {
      await setDatabase("start");
      logSpy.mockRestore();
    }
    // The logs say what happened, without the failed queries' parameters (emails, session ids):
    // the driver's reason, and each request's own line (worker/lib/log-lines.ts) with its 503.
    const requestLines = logged.filter((line) => line.startsWith("{"));
    const reasons = logged.filter((line) => !line.startsWith("{"));
    expect(reasons.length).toBeGreaterThan(0);
    for (const line of reasons) expect(line).toMatch(/^database unavailable: /);
    expect(requestLines.map((line) => JSON.parse(line).status)).toContain(503);
    for (const line of logged) expect(line).not.toMatch(/params:|someone@example\.com/);

    // No restart, no new deployment: the next requests simply work.
    const me = await call("/api/auth/user", { token });
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    const list = await call("/api/qr-codes", { token });
    // The code creation attempted during the outage left nothing behind.
    expect((list.body as unknown[]).length).toBe(1);
    const page = await call(`/v/${publicToken}`);
    expect(page.status).toBe(200);
    // The certificate is back (amber: nobody has verified this outage database's company).
    expect(page.body).toContain("Issuer not verified by ValuSeal");
    expect(page.body).toContain("Property Valuation Certificate");
    // Scans that could not be recorded are not counted.
    expect(page.body).toMatch(/<dt>Scan count<\/dt>\s*<dd>1<\/dd>/);
  }, 60_000);
});
