import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { CHROMIUM_PATH } from "../../scripts/ensure-chromium";

export const PHONE_VIEWPORT = { width: 360, height: 740 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

/** Debian's Chromium, headless, with the flags this sandboxed, offline machine needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-quic",
      "--no-first-run",
      "--disable-sync",
    ],
  });
}

/** One browser per test file; each test opens its own context so storage never leaks between tests. */
export function useBrowser() {
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    state.browser = await launchChromium();
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return {
    appUrl: inject("appUrl"),
    async newPage(
      options: { viewport?: { width: number; height: number }; token?: string } = {},
    ): Promise<{ page: Page; context: BrowserContext }> {
      const context = await state.browser!.newContext({
        baseURL: inject("appUrl"),
        viewport: options.viewport ?? DESKTOP_VIEWPORT,
        permissions: ["clipboard-read", "clipboard-write"],
      });
      if (options.token) {
        await context.addInitScript((token) => localStorage.setItem("token", token), options.token);
      }
      const page = await context.newPage();
      return { page, context };
    },
  };
}

let sequence = 0;
export const uniqueEmail = (label = "user") =>
  `${label}.${Date.now().toString(36)}${(sequence++).toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

const DEV_PROXY_DROPPED = "Your worker restarted mid-request";

/**
 * fetch against the app under `wrangler dev`, resending a request the dev proxy dropped: when a
 * pooled proxy connection has idled about 5 s, a POST can be answered 503 "Your worker restarted
 * mid-request" without ever reaching the Worker (cloudflare/workers-sdk#14641), so resending it
 * cannot apply anything twice. Any other answer is returned as it is.
 */
async function fetchApp(path: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${inject("appUrl")}${path}`, init);
    if (res.status !== 503 || attempt === 3) return res;
    const text = await res.clone().text();
    if (!text.startsWith(DEV_PROXY_DROPPED)) return res;
  }
}

/** Registers a company owner through the real API of the app under test. */
export async function registerOwnerViaApi(overrides: Record<string, string> = {}) {
  const email = overrides.email ?? uniqueEmail("owner");
  const password = "correct-horse-battery";
  const res = await fetchApp("/api/register", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Olive",
      lastName: "Owner",
      name: `Owner ${email.split("@")[0]} Valuers`,
      email,
      phone: "+254700000001",
      location: "Nairobi",
      password,
      confirmPassword: password,
      ...overrides,
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { id: number; company: { id: number; name: string } } };
  return { ...body, email, password };
}

/** Calls the app's API with a bearer token (arranging data for a screen test). */
export async function apiCall<T = any>(
  path: string,
  options: { token?: string; method?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetchApp(path, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers: {
      "Content-Type": "application/json",
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${options.method ?? "GET"} ${path} failed: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Waits for the visible toast (one at a time, SPEC 4) with this title and optional description. */
export async function expectToast(page: Page, title: string, description?: string): Promise<"default" | "destructive"> {
  const toast = page.locator("li[data-variant]").filter({ has: page.getByText(title, { exact: true }) });
  await toast.waitFor();
  if (description !== undefined) await toast.getByText(description, { exact: true }).waitFor();
  return (await toast.getAttribute("data-variant")) as "default" | "destructive";
}
