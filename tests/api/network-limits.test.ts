import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Bindings } from "../../worker/env";
import worker from "../../worker/index";
import { randomToken } from "../../worker/lib/random";
import { SCAN_ALERT_EMAILS_PER_HOUR } from "../../worker/services/scan-alert-emails";
import { emailsTo, waitForEmail, waitForEmails } from "../shared/inbox";
import { registerOwnerViaServices } from "./fixtures/accounts";
import { insertCode, verificationCount } from "./fixtures/codes";
import { api, type ApiResponse, inOneRateLimitWindow, unique } from "./fixtures/http";
import { scanEventsOf, scanLikePhone, USER_AGENTS } from "./fixtures/scans";

/**
 * Limits count networks, not addresses (docs/decisions/026): an IPv6 client is its /64, with a
 * wider budget for its /48 (4 times the /64's: wrangler.toml's *_48 bindings); the scan log's
 * unique visitor is the /64 too; and a code's alert emails fold into one digest past a few an hour.
 */

const AUTH_PER_48 = 240;
const PUBLIC_PER_64 = 120;
const PUBLIC_PER_48 = 480;
const TYPED_PER_48 = 40;
const EMAILS_PER_64 = 3;
const EMAILS_PER_48 = 12;
const HOUR_MS = 60 * 60 * 1000;
/** Cheap requests in flight at once. */
const BATCH = 8;

const hex = (digits: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(digits)), (byte) => (byte % 16).toString(16)).join("");
const hextet = () => hex(4).replace(/^0+(?=.)/, "");
/** A fresh IPv6 /48 of its own per call ("2abc:1234:5678"), so tests never share a budget. */
const newSite = () => `2${hex(3)}:${hextet()}:${hextet()}`;
/** A fresh /64 in the site. */
const newSubnet = (site: string) => `${site}:${hextet()}`;
/** A fresh address in the /64. */
const inSubnet = (subnet: string) => `${subnet}:${hextet()}:${hextet()}:${hextet()}:${hextet()}`;

/** `count` requests, `batch` at a time, each with its index; the answers in order. */
async function inBatches(count: number, send: (index: number) => Promise<ApiResponse>, batch = BATCH) {
  const answers: ApiResponse[] = [];
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    answers.push(...(await Promise.all(Array.from({ length: size }, (_, offset) => send(start + offset)))));
  }
  return answers;
}

const statusesOf = (answers: ApiResponse[]) => answers.map((res) => res.status);
/** How many answers had `status` (requests sent together are counted in any order). */
const countOf = (answers: ApiResponse[], status: number) => answers.filter((res) => res.status === status).length;

const choosePerScanAlerts = async (token: string) => {
  const chosen = await api("/api/companies/current/scan-alerts", { method: "PUT", token, body: { mode: "per-scan" } });
  expect(chosen.body.scanAlertMode).toBe("per-scan");
};

function expectRateLimited(res: ApiResponse) {
  expect(res.status).toBe(429);
  expect(res.headers.get("Retry-After")).toBe("60");
}

const signIn = (email: string, password: string, ip: string) => api("/api/login", { body: { email, password }, ip });

/**
 * Runs `work` inside one UTC hour: the alert cap counts a code's scans per clock hour, so a burst
 * that straddled the hour would be two smaller bursts. Waits for the next hour when less than
 * `expectedMs` is left of this one.
 */
async function inOneClockHour<T>(expectedMs: number, work: () => Promise<T>): Promise<T> {
  const remaining = HOUR_MS - (Date.now() % HOUR_MS);
  if (remaining < expectedMs) await new Promise((resolve) => setTimeout(resolve, remaining + 250));
  const hour = Math.floor(Date.now() / HOUR_MS);
  const result = await work();
  if (Math.floor(Date.now() / HOUR_MS) !== hour) throw new Error("the burst crossed an hour: run the test again");
  return result;
}

/** Runs the Worker's hourly cron as Cloudflare would at `time`. */
async function runCron(time: Date) {
  await worker.scheduled(createScheduledController({ scheduledTime: time, cron: "0 * * * *" }), env as Bindings);
}

const isAlert = (email: { subject: string }) => email.subject.includes("was scanned");
const isAlertDigest = (email: { subject: string }) => email.subject.includes("in the last hour");

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
    expect(limited.body).toEqual({ message: "Too many attempts. Please wait a minute and try again." });
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

describe("scans per /64 and /48", () => {
  it("shares the scan budget of a /48 among its /64s", async () => {
    // HEAD of a malformed token answers without the database: the budget is all this spends.
    const answers = await inOneRateLimitWindow(40_000, async () => {
      const site = newSite();
      return inBatches(
        PUBLIC_PER_48 + 1,
        () => scanLikePhone(randomToken(5), { ip: inSubnet(newSubnet(site)), method: "HEAD" }),
        16,
      );
    });
    expect(countOf(answers, 404)).toBe(PUBLIC_PER_48);
    expect(countOf(answers, 429)).toBe(1);
  }, 180_000);

  it("counts one /64 scanning a code from 200 addresses as one visitor, one scan and one alert email", async () => {
    const owner = await registerOwnerViaServices();
    await choosePerScanAlerts(owner.token);
    const code = await insertCode(owner, { propertyAddress: `${unique("One Network")} Lane` });
    const answers = await inOneRateLimitWindow(45_000, async () => {
      const subnet = newSubnet(newSite());
      // The first scan alone: two simultaneous first scans of one visitor may both count (decision 018).
      const first = await scanLikePhone(code.publicToken, { ip: inSubnet(subnet) });
      return [first, ...(await inBatches(199, () => scanLikePhone(code.publicToken, { ip: inSubnet(subnet) })))];
    });
    // The /64's scan budget answers 120 and refuses the rest; the 120 are one visitor: one count.
    expect(countOf(answers, 200)).toBe(PUBLIC_PER_64);
    expect(countOf(answers, 429)).toBe(200 - PUBLIC_PER_64);
    expect(await verificationCount(code.id)).toBe(1);
    const events = await scanEventsOf(code.id);
    expect(events).toHaveLength(PUBLIC_PER_64);
    expect(events.filter((event) => event.counted)).toHaveLength(1);
    expect(new Set(events.map((event) => event.visitorHash)).size).toBe(1);
    const log = await api(`/api/qr-codes/${code.id}/scans`, { token: owner.token });
    expect(log.body.uniqueScanners).toBe(1);

    await waitForEmail(owner.email, "was scanned");
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await emailsTo(owner.email)).filter(isAlert)).toHaveLength(1);
  }, 180_000);
});

describe("a code's alert emails past a few an hour", () => {
  it("emails the first 3 scans of the hour and folds the rest into one digest when the hour ends", async () => {
    const label = `${unique("Burst House")}, Upper Hill`;
    const { owner, code, answers } = await inOneClockHour(90_000, () =>
      inOneRateLimitWindow(45_000, async () => {
        const account = await registerOwnerViaServices();
        await choosePerScanAlerts(account.token);
        const inserted = await insertCode(account, { propertyAddress: label });
        // One /64, a new address and a new browser for every scan: each one is a new visitor, so each counts.
        const subnet = newSubnet(newSite());
        const scan = (index: number) =>
          scanLikePhone(inserted.publicToken, {
            ip: inSubnet(subnet),
            userAgent: `${USER_AGENTS.android} Build/${index}`,
          });
        // The first scans one after another, so which of them were first is not a tie.
        const first = await inBatches(SCAN_ALERT_EMAILS_PER_HOUR + 1, scan, 1);
        const rest = await inBatches(130 - first.length, (index) => scan(first.length + index));
        return { owner: account, code: inserted, answers: [...first, ...rest] };
      }),
    );
    // Still one /64: its budget answers 120 scans.
    expect(countOf(answers, 200)).toBe(PUBLIC_PER_64);
    expect(countOf(answers, 429)).toBe(130 - PUBLIC_PER_64);
    expect(await verificationCount(code.id)).toBe(PUBLIC_PER_64);

    // One email for each of the first 3 scans, and no more while the hour lasts.
    const alerts = await waitForEmails(owner.email, isAlert, { count: SCAN_ALERT_EMAILS_PER_HOUR });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await emailsTo(owner.email)).filter(isAlert)).toHaveLength(SCAN_ALERT_EMAILS_PER_HOUR);
    expect(alerts[0]!.text).toContain(label);

    // The cron at the end of the hour sends the rest as one email.
    const scanned = Date.parse((await scanEventsOf(code.id))[0]!.scannedAt.toISOString());
    const endOfHour = new Date(Math.ceil((scanned + 1) / HOUR_MS) * HOUR_MS);
    await runCron(endOfHour);
    const [digest] = await waitForEmails(owner.email, isAlertDigest);
    const more = PUBLIC_PER_64 - SCAN_ALERT_EMAILS_PER_HOUR;
    expect(digest!.subject).toBe(`ValuSeal: ${more} more scans of ${label} in the last hour`);
    expect(digest!.text).toContain(`${more} more scans of ${label}, a code of ${owner.user.company!.name}`);
    expect(digest!.text).toContain(`first ${SCAN_ALERT_EMAILS_PER_HOUR} scans of this code`);
    expect(digest!.text).toContain(`/qr/${code.id}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect((await emailsTo(owner.email)).filter(isAlertDigest)).toHaveLength(1);
    // The scan log keeps every scan.
    expect((await scanEventsOf(code.id)).filter((event) => event.counted)).toHaveLength(PUBLIC_PER_64);
  }, 300_000);

  it("sends no digest for a code scanned no more than that in the hour", async () => {
    const owner = await registerOwnerViaServices();
    await choosePerScanAlerts(owner.token);
    const code = await insertCode(owner);
    await inOneClockHour(30_000, async () => {
      for (let scan = 0; scan < SCAN_ALERT_EMAILS_PER_HOUR; scan += 1) await scanLikePhone(code.publicToken);
    });
    await waitForEmails(owner.email, isAlert, { count: SCAN_ALERT_EMAILS_PER_HOUR });
    await runCron(new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS));
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await emailsTo(owner.email)).filter(isAlertDigest)).toEqual([]);
  }, 120_000);
});
