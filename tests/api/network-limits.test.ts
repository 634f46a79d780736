import { describe, expect, it } from "vitest";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { api, type ApiResponse, inOneRateLimitWindow, unique } from "./fixtures/http";
import { countOf, inBatches, inSubnet, newSite, newSubnet } from "./fixtures/networks";
import { USER_AGENTS } from "./fixtures/scans";

/**
 * Limits count networks, not addresses (docs/decisions/026): an IPv6 client is its /64, with a
 * wider budget for its /48 (4 times the /64's: wrangler.toml's *_48 bindings). Scans from one /64
 * are in scan-networks.test.ts, a code's alert emails past a few an hour in scan-alert-digests.
 */

const AUTH_PER_48 = 240;
const TYPED_PER_48 = 40;
const EMAILS_PER_64 = 3;
const EMAILS_PER_48 = 12;

const statusesOf = (answers: ApiResponse[]) => answers.map((res) => res.status);

function expectRateLimited(res: ApiResponse) {
  expect(res.status).toBe(429);
  expect(res.headers.get("Retry-After")).toBe("60");
}

const signIn = (email: string, password: string, ip: string) => api("/api/login", { body: { email, password }, ip });

describe("sign-in counts failures per /64", () => {
  it("backs off 40 failed sign-ins from 40 addresses of one /64 after its 20 free failures", async () => {
    const subnet = newSubnet(newSite());
    const answers: ApiResponse[] = [];
    // Each attempt from a new address of the /64, each for another email: only the network's count can stop them.
    for (let attempt = 0; attempt < 40; attempt += 1) {
      answers.push(await signIn(`${unique("nobody")}@example.com`, "wrong-password-1", inSubnet(subnet)));
    }
    const statuses = statusesOf(answers);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    const refused = answers.filter((res) => res.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.body.message).toBe("Too many failed sign-ins. Please wait a moment and try again.");
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });

  it("holds an email's backoff against every address of a failing /64, never against another /64", async () => {
    const owner = await registerOwnerViaServices();
    const site = newSite();
    const attacker = newSubnet(site);
    const statuses: number[] = [];
    // Five free failures for the email, then each failure of the /64 makes it wait longer (1 s, 2 s,
    // 4 s): every guess from a new address of the /64. Waits out the short waits until one is 4 s.
    let wait = 0;
    while (wait < 4) {
      const res = await signIn(owner.email, `guess-${statuses.length}`, inSubnet(attacker));
      statuses.push(res.status);
      if (res.status === 429) {
        wait = Number(res.headers.get("Retry-After"));
        if (wait < 4) await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
      }
      expect(statuses.length).toBeLessThan(20);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    // A new address of that /64 is the same network: it waits too, even with the right password.
    const refused = await signIn(owner.email, owner.password, inSubnet(attacker));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Too many failed sign-ins. Please wait a moment and try again.");
    // The owner, on another /64 with no failures (even of the same /48), signs in (decision 012).
    const owners = await signIn(owner.email, owner.password, inSubnet(newSubnet(site)));
    expect(owners.status).toBe(200);
    expect(owners.body.user.email).toBe(owner.email);
  });

  it("gives a /48 the budget of 4 /64s: new /64s of one site are refused past it", async () => {
    const answers = await inOneRateLimitWindow(45_000, async () => {
      const site = newSite();
      return inBatches(AUTH_PER_48 + 1, () =>
        signIn(`${unique("flood")}@example.com`, "wrong-password-1", inSubnet(newSubnet(site))),
      );
    });
    expect(countOf(answers, 401)).toBe(AUTH_PER_48);
    const limited = answers.find((res) => res.status !== 401)!;
    expectRateLimited(limited);
    expect(limited.body).toEqual({
      code: "rate_limited",
      message: "Too many attempts. Please wait a minute and try again.",
    });
    // Another site is not affected.
    expect(
      (await signIn(`${unique("other")}@example.com`, "wrong-password-1", inSubnet(newSubnet(newSite())))).status,
    ).toBe(401);
  }, 180_000);
});

describe("email budgets per /64 and /48", () => {
  const requestReset = (ip: string) =>
    api("/api/password-reset", { ip, body: { email: `${unique("reset")}@example.com` } });

  it("password reset: 3 a minute from one /64 whatever its addresses, 12 from one /48", async () => {
    const [bySubnet, bySite] = await inOneRateLimitWindow(20_000, async () => {
      const subnet = newSubnet(newSite());
      const fromSubnet = await inBatches(EMAILS_PER_64 + 1, () => requestReset(inSubnet(subnet)), 1);
      const site = newSite();
      const fromSite = await inBatches(EMAILS_PER_48 + 1, () => requestReset(inSubnet(newSubnet(site))), 1);
      return [fromSubnet, fromSite];
    });
    expect(statusesOf(bySubnet.slice(0, EMAILS_PER_64))).toEqual(Array(EMAILS_PER_64).fill(202));
    expectRateLimited(bySubnet.at(-1)!);
    expect(statusesOf(bySite.slice(0, EMAILS_PER_48))).toEqual(Array(EMAILS_PER_48).fill(202));
    expectRateLimited(bySite.at(-1)!);
  }, 120_000);
});

describe("typed verification codes per /48", () => {
  it("refuses a site's 41st typed code in a minute, even from 41 different /64s", async () => {
    const answers = await inOneRateLimitWindow(30_000, async () => {
      const site = newSite();
      return inBatches(TYPED_PER_48 + 1, () =>
        api(`/api/public/verification-codes/VS-0000-0000-00`, {
          ip: inSubnet(newSubnet(site)),
          headers: { "User-Agent": USER_AGENTS.android },
        }),
      );
    });
    expect(countOf(answers, 404)).toBe(TYPED_PER_48);
    expectRateLimited(answers.find((res) => res.status === 429)!);
  }, 120_000);
});
