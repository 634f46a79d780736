import { describe, expect, it } from "vitest";
import { DEMO_CERTIFICATE } from "#schema/demo-certificate.ts";
import { randomToken } from "#worker/lib/random.ts";
import { OWNER_PASSWORD } from "../shared/accounts";
import { api, type ApiResponse, inOneRateLimitWindow, randomIp, unique } from "./fixtures/http";
import { USER_AGENTS } from "./fixtures/scans";

/**
 * Public endpoints take what real people and phones need in a minute
 * (wrangler.toml: 60 registrations, 120 public requests per address) and answer a scripted flood
 * from one address with 429 and Retry-After. Sign-in has its own test in auth.test.ts.
 */

const PUBLIC_PER_MINUTE = 120;
const REGISTRATIONS_PER_MINUTE = 60;
/** Cheap requests in flight at once: quick, without flooding the embedded database. */
const BATCH = 8;

/**
 * Sends `count` requests from one new address, `batch` at a time, inside one counting window,
 * and returns the answers in order.
 */
function flood(
  count: number,
  send: (ip: string) => Promise<ApiResponse>,
  options: { batch?: number; expectedMs?: number } = {},
): Promise<ApiResponse[]> {
  const batch = options.batch ?? BATCH;
  return inOneRateLimitWindow(options.expectedMs ?? 30_000, async () => {
    const ip = randomIp();
    const answers: ApiResponse[] = [];
    for (let start = 0; start < count; start += batch) {
      const size = Math.min(batch, count - start);
      answers.push(...(await Promise.all(Array.from({ length: size }, () => send(ip)))));
    }
    return answers;
  });
}

function expectLimited(res: ApiResponse) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
}

describe("rate limits", () => {
  it("registration: 60 a minute from one address, then 429", async () => {
    const password = OWNER_PASSWORD;
    const register = (ip: string) =>
      api("/api/register", {
        ip,
        body: {
          firstName: "Flo",
          lastName: "Od",
          name: unique("Flood Co"),
          email: `${unique("flood")}@example.com`,
          password,
          confirmPassword: password,
        },
      });
    // Each registration hashes a password: one at a time, so the flood does not starve other requests.
    const answers = await flood(REGISTRATIONS_PER_MINUTE + 1, register, { batch: 1, expectedMs: 50_000 });
    expect(answers.slice(0, -1).map((res) => res.status)).toEqual(Array(REGISTRATIONS_PER_MINUTE).fill(202));
    const limited = answers.at(-1)!;
    expectLimited(limited);
    expect(limited.body).toEqual({
      code: "rate_limited",
      message: "Too many attempts. Please wait a minute and try again.",
    });
    // Another address is not affected.
    expect((await register(randomIp())).status).toBe(202);
  }, 200_000);

  it("registration: a body that fails validation spends the budget too, so no flood buys the password estimate", async () => {
    // The longest password the field takes, and nothing else: refused by validation, after the limit.
    const malformed = (ip: string) => api("/api/register", { ip, body: { password: "Tr0ub4dor&3".repeat(23) } });
    const answers = await flood(REGISTRATIONS_PER_MINUTE + 1, malformed, { batch: 4 });
    expect(answers.slice(0, -1).map((res) => res.status)).toEqual(Array(REGISTRATIONS_PER_MINUTE).fill(400));
    expectLimited(answers.at(-1)!);
  }, 120_000);

  it("demo code: 120 a minute from one address, then 429", async () => {
    const answers = await flood(PUBLIC_PER_MINUTE + 1, (ip) => api("/api/demo-qr", { ip, body: DEMO_CERTIFICATE }));
    expect(answers.slice(0, PUBLIC_PER_MINUTE).every((res) => res.status === 200)).toBe(true);
    expectLimited(answers.at(-1)!);
    expect(answers.at(-1)!.body.message).toMatch(/Too many attempts/);
  }, 150_000);

  it("public certificate API: a flood of different tokens from one address shares one budget", async () => {
    const answers = await flood(PUBLIC_PER_MINUTE + 1, (ip) =>
      api(`/api/public/certificates/${randomToken(16)}`, { ip, headers: { "User-Agent": USER_AGENTS.iphone } }),
    );
    expect(answers.slice(0, PUBLIC_PER_MINUTE).every((res) => res.status === 404)).toBe(true);
    expectLimited(answers.at(-1)!);
    expect(answers.at(-1)!.body.message).toMatch(/Too many attempts/);
    // A phone elsewhere still verifies.
    expect((await api("/api/public/certificates/demo", { headers: { "User-Agent": USER_AGENTS.iphone } })).status).toBe(
      200,
    );
  }, 150_000);

  it("certificate page: one budget per address shared with the certificate API, answered with a page and Retry-After", async () => {
    // Half the budget spent on the JSON API, half on the printed address: switching gains nothing.
    let sent = 0;
    const answers = await flood(PUBLIC_PER_MINUTE + 1, (ip) => {
      const path = sent++ < PUBLIC_PER_MINUTE / 2 ? "/api/public/certificates" : "/v";
      return api(`${path}/${randomToken(16)}`, { ip, headers: { "User-Agent": USER_AGENTS.iphone } });
    });
    expect(answers.slice(0, PUBLIC_PER_MINUTE).every((res) => res.status === 404)).toBe(true);
    const limited = answers.at(-1)!;
    expectLimited(limited);
    expect(limited.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(limited.body).toContain("Too many requests");
  }, 150_000);
});
