import { performance } from "node:perf_hooks";
import type pg from "pg";
import { launchChromium } from "../scripts/ensure-chromium";
import { BENCH_PASSWORD, registerCompany, type Account } from "./accounts";
import { startBuiltServer } from "./built-server";
import { startHttp2Front, type Http2Front } from "./http2-front";
import { STACK_FLOOR_READY, startStackFloorPage } from "./stack-floor/page";
import { expectJson } from "./http";
import { median } from "./measure";

/** Chrome DevTools' "Slow 3G", as the issue names it: 2 s of latency, 400 kbit/s each way, the cache off. */
export const SLOW_3G = { latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 } as const;
/** The goals, seconds until readable: the landing page, and a signed-in screen. */
export const LANDING_GOAL_S = 4;
export const SIGNED_IN_GOAL_S = 6;

export interface ScreenLoad {
  screen: string;
  path: string;
  /**
   * Until the screen's first words are visible, ms: on the fast link (the baseline), and on Slow 3G
   * as Miniflare serves (HTTP/1.1) and as Cloudflare's edge serves (HTTP/2, through startHttp2Front).
   */
  fastMs: number;
  slowMs: number;
  slowHttp2Ms: number;
  /** On Slow 3G over HTTP/2: until the browser first drew anything (its first contentful paint), ms. */
  drawnHttp2Ms: number;
  /** On Slow 3G over HTTP/2: scripts fetched, their longest chain of one waiting for another, and /api/auth/user requests. */
  scripts: number;
  /** Their bytes as received (compressed as served). */
  scriptBytes: number;
  scriptWaves: number;
  sessionRequests: number;
  /** Null for the fixed stack's own page, the floor the others are read against. */
  goalS: number | null;
}

interface Screen {
  screen: string;
  path: string;
  /** Visible once the screen is readable: its own words, not the shell's. */
  ready: string;
  token: string | null;
}

const RUNS = 2;

/**
 * One load of `path` in a fresh browser context (nothing cached), signed in when a token is given:
 * the time until `ready` is visible, and what was fetched. Script "waves": a script requested
 * after another script finished belongs to the next wave, so the count is the longest chain of
 * scripts each waiting on one before it.
 */
async function load(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  origin: string,
  screen: Screen,
  slow: boolean,
) {
  // The HTTP/2 front's certificate is its own, made for the run.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, ignoreHTTPSErrors: true });
  if (screen.token) {
    // Signed in as the app keeps it: the token in the page's localStorage (web/lib/api-client.ts).
    await context.addInitScript((token) => {
      (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem(
        "token",
        token,
      );
    }, screen.token);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (slow) await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_3G });
  const scripts: { requested: number; finished: number }[] = [];
  let sessionRequests = 0;
  const requestedAt = new Map<string, number>();
  page.on("request", (request) => {
    requestedAt.set(request.url() + request.method(), performance.now());
    if (new URL(request.url()).pathname === "/api/auth/user") sessionRequests += 1;
  });
  const scriptSizes: Promise<number>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "script") {
      scriptSizes.push(request.sizes().then((sizes) => sizes.responseBodySize));
      scripts.push({ requested: requestedAt.get(request.url() + request.method()) ?? 0, finished: performance.now() });
    }
  });
  const started = performance.now();
  try {
    await page.goto(`${origin}${screen.path}`, { waitUntil: "commit", timeout: 120_000 });
    await page.getByText(screen.ready, { exact: false }).first().waitFor({ state: "visible", timeout: 120_000 });
    const readyMs = performance.now() - started;
    // The browser's own first contentful paint, from the navigation's start (the goto above). Text
    // that index.html holds is visible before it is painted, so its paint may be recorded just after.
    const paint = await page.waitForFunction(
      () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      undefined,
      { timeout: 120_000 },
    );
    const drawnMs = (await paint.jsonValue()) as number;
    // Waves: each script's wave is one more than the latest wave of a script that finished before it was asked for.
    const ordered = [...scripts].sort((a, b) => a.requested - b.requested);
    const waves = ordered.map(() => 1);
    ordered.forEach((script, index) => {
      for (let before = 0; before < index; before += 1) {
        if (ordered[before]!.finished <= script.requested) waves[index] = Math.max(waves[index]!, waves[before]! + 1);
      }
    });
    const scriptBytes = (await Promise.all(scriptSizes)).reduce((sum, bytes) => sum + bytes, 0);
    return {
      readyMs,
      drawnMs,
      scripts: scripts.length,
      scriptBytes,
      scriptWaves: Math.max(0, ...waves),
      sessionRequests,
    };
  } finally {
    await context.close();
  }
}

async function lenderAccount(origin: string, pool: pg.Pool): Promise<Account> {
  const email = `slow-lender-${Date.now().toString(36)}@bench.invalid`;
  await expectJson(202, origin, "/api/register", {
    body: {
      firstName: "Bench",
      lastName: "Lender",
      name: "Bench Slow Network Bank",
      email,
      phone: "+254700000002",
      location: "Nairobi",
      password: BENCH_PASSWORD,
      confirmPassword: BENCH_PASSWORD,
      organisationKind: "lender",
      lenderType: "bank",
    },
  });
  const body = await expectJson<{ token: string; user: { id: number; companyId: number } }>(200, origin, "/api/login", {
    body: { email, password: BENCH_PASSWORD },
  });
  // Confirmed and verified as an administrator would, so the Portfolio opens as a bank's does.
  await pool.query("UPDATE users SET email_verified_at = now() WHERE id = $1", [body.user.id]);
  await pool.query("UPDATE companies SET verification_status = 'verified', verified_at = now() WHERE id = $1", [
    body.user.companyId,
  ]);
  return { token: body.token, email, userId: body.user.id, companyId: body.user.companyId };
}

/**
 * The landing page, a firm's dashboard and a lender's Portfolio in Chromium at 360 px, each loaded
 * in a fresh context on the production build served by workerd: first on the machine's own link
 * (the baseline), then on Slow 3G over HTTP/1.1 as Miniflare speaks it (Chrome opens at most 6
 * connections, and each request waits for one), then over HTTP/2 as Cloudflare's edge answers (one
 * connection carrying every request); the median of RUNS loads each. Last, the same for a page of
 * the fixed stack alone (bench/stack-floor/page.ts), the floor the signed-in screens are read against.
 */
export async function benchSlowNetwork(databaseUrl: string, pool: pg.Pool): Promise<ScreenLoad[]> {
  const server = await startBuiltServer(databaseUrl);
  const floor = await startStackFloorPage();
  const fronts: Http2Front[] = [];
  const browser = await launchChromium();
  try {
    // HTTP/2 in front of each, as Cloudflare's edge answers.
    for (const origin of [server.origin, floor.origin]) fronts.push(await startHttp2Front(origin));
    const app = { plain: server.origin, http2: fronts[0]!.origin };
    const floorOrigins = { plain: floor.origin, http2: fronts[1]!.origin };
    const firm = await registerCompany(server.origin, pool, "slow-firm", "Bench Slow Network Valuers Ltd");
    const lender = await lenderAccount(server.origin, pool);
    const screens: (Screen & { goalS: number | null; origins: typeof app })[] = [
      {
        screen: "Landing page",
        path: "/",
        ready: "Stop forged valuation reports",
        token: null,
        goalS: LANDING_GOAL_S,
        origins: app,
      },
      {
        screen: "Firm's dashboard",
        path: "/dashboard",
        ready: "Your verification codes at a glance",
        token: firm.token,
        goalS: SIGNED_IN_GOAL_S,
        origins: app,
      },
      {
        screen: "Lender's Portfolio",
        path: "/portfolio",
        ready: "No reliance recorded yet",
        token: lender.token,
        goalS: SIGNED_IN_GOAL_S,
        origins: app,
      },
      {
        screen: "The fixed stack alone (React, react-router, react-query)",
        path: "/",
        ready: STACK_FLOOR_READY,
        token: null,
        goalS: null,
        origins: floorOrigins,
      },
    ];
    const results: ScreenLoad[] = [];
    for (const screen of screens) {
      const fast: number[] = [];
      const slow: number[] = [];
      const slowHttp2: Awaited<ReturnType<typeof load>>[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        fast.push((await load(browser, screen.origins.plain, screen, false)).readyMs);
        slow.push((await load(browser, screen.origins.plain, screen, true)).readyMs);
        slowHttp2.push(await load(browser, screen.origins.http2, screen, true));
      }
      const last = slowHttp2.at(-1)!;
      results.push({
        screen: screen.screen,
        path: screen.path,
        fastMs: median(fast),
        slowMs: median(slow),
        slowHttp2Ms: median(slowHttp2.map((run) => run.readyMs)),
        drawnHttp2Ms: median(slowHttp2.map((run) => run.drawnMs)),
        scripts: last.scripts,
        scriptBytes: last.scriptBytes,
        scriptWaves: last.scriptWaves,
        sessionRequests: last.sessionRequests,
        goalS: screen.goalS,
      });
    }
    return results;
  } finally {
    await browser.close();
    for (const front of fronts) await front.stop();
    await floor.stop();
    await server.stop();
  }
}
