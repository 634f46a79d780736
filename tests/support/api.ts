import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { users } from "../../schema/tables";
import { readConfig } from "../../worker/config";
import { connectDatabase, type Database } from "../../worker/db";
import { tokenIn, waitForEmail } from "./inbox";

export const ORIGIN = "http://valuseal.test";

let sequence = 0;
/** Unique per call so tests never collide on emails or rate-limit keys. */
export const unique = (label = "t") =>
  `${label}${Date.now().toString(36)}${(sequence++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
export const randomIp = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = any>(
  path: string,
  options: { method?: string; body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { "CF-Connecting-IP": options.ip ?? randomIp(), ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] ??= "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const res = await SELF.fetch(`${ORIGIN}${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === "string"
          ? options.body
          : JSON.stringify(options.body),
    redirect: "manual",
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* non-JSON bodies stay as text */
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

export interface Account {
  token: string;
  email: string;
  password: string;
  user: { id: number; companyId: number | null; company: { id: number; name: string; ownerId: number } | null };
}

/** Registers a new company owner through the public API; their email is not confirmed yet. */
export async function registerUnconfirmedOwner(overrides: Record<string, unknown> = {}): Promise<Account> {
  const email = `${unique("owner")}@example.com`;
  const password = "correct-horse-battery";
  const res = await api("/api/register", {
    body: {
      firstName: "Olive",
      lastName: "Owner",
      name: `${unique("Company")} Valuers`,
      email,
      phone: "+254700000001",
      location: "Nairobi",
      password,
      confirmPassword: password,
      ...overrides,
    },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, user: res.body.user, email: String(overrides.email ?? email), password };
}

/**
 * Registers a new company owner and confirms their email by following the link that arrived in
 * the inbox, as a new user does before issuing codes.
 */
export async function registerOwner(overrides: Record<string, unknown> = {}): Promise<Account> {
  const owner = await registerUnconfirmedOwner(overrides);
  await confirmEmailViaInbox(owner.email);
  return owner;
}

/** Follows the newest "Confirm your email" link sent to the address; returns the API's answer. */
export async function confirmEmailViaInbox(email: string) {
  const message = await waitForEmail(email, "Confirm your email");
  const res = await api("/api/auth/confirm-email", { body: { token: tokenIn(message, "/confirm-email") } });
  if (res.status !== 200) throw new Error(`confirming ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { message: string; purpose: string; email: string };
}

let verifier: Promise<Account> | undefined;
/** One administrator per test file does the verifying, as a platform team would. */
const verifyingAdministrator = () => (verifier ??= createAdmin());

/**
 * An administrator's decision on a company's identity, through the admin API
 * (PATCH /api/admin/companies/:id/verification): until it, the company's certificates are amber.
 */
export async function verifyCompanyViaAdmin(companyId: number, decision: { verified?: boolean; note?: string } = {}) {
  const admin = await verifyingAdministrator();
  const res = await api(`/api/admin/companies/${companyId}/verification`, {
    method: "PATCH",
    token: admin.token,
    body: { verified: decision.verified ?? true, ...(decision.note ? { note: decision.note } : {}) },
  });
  if (res.status !== 200)
    throw new Error(`verifying company ${companyId} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function login(email: string, password: string): Promise<string> {
  const res = await api("/api/login", { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** Direct database access for arranging state the API cannot create (admins) and for asserting rows. */
export async function withDb<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const { db, close } = connectDatabase(readConfig(env));
  try {
    return await work(db);
  } finally {
    await close();
  }
}

/** Registers an account and promotes it to platform administrator (as `npm run admin:create` does). */
export async function createAdmin(): Promise<Account> {
  const account = await registerOwner();
  await withDb((db) => db.update(users).set({ role: "admin", companyId: null }).where(eq(users.id, account.user.id)));
  return { ...account, token: await login(account.email, account.password) };
}

const RATE_LIMIT_WINDOW_MS = 60_000;
const rateLimitWindow = (time: number) => Math.floor(time / RATE_LIMIT_WINDOW_MS);

/**
 * Runs a rate-limit flood inside one counting window. Locally the Rate Limiting binding
 * (miniflare) counts in fixed one-minute windows and clears every bucket on the minute, so a
 * flood that straddles a minute would be let through. The flood starts in a fresh window when
 * the current one has less than `expectedMs` left, and runs again (it must use a new address each
 * time) if it still crossed a minute on a slow machine.
 */
export async function inOneRateLimitWindow<T>(expectedMs: number, flood: () => Promise<T>): Promise<T> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const remaining = RATE_LIMIT_WINDOW_MS - (Date.now() % RATE_LIMIT_WINDOW_MS);
    if (remaining < expectedMs) await new Promise((resolve) => setTimeout(resolve, remaining + 250));
    const window = rateLimitWindow(Date.now());
    const result = await flood();
    if (rateLimitWindow(Date.now()) === window) return result;
  }
  throw new Error("The flood did not fit in one rate-limit window; the machine is too slow for this test");
}
