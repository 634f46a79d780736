/** A phone browser's user agent: scans are counted for it (link previews and crawlers are not). */
export const PHONE_USER_AGENT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let addressCounter = 0;

/**
 * A different client address for every request. The Worker rate-limits per address (the
 * CF-Connecting-IP header Cloudflare sets, which the local server passes through); a real code is
 * scanned by many phones, so the benchmark spreads its load the same way instead of meeting 429s.
 */
export function nextClientAddress(): string {
  addressCounter += 1;
  const n = addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface JsonResponse<T> {
  status: number;
  body: T;
}

export async function requestJson<T = any>(
  origin: string,
  path: string,
  options: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = {
    "CF-Connecting-IP": nextClientAddress(),
    "User-Agent": PHONE_USER_AGENT,
    ...options.headers,
  };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const res = await fetch(`${origin}${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Like requestJson, but anything other than the expected status stops the benchmark. */
export async function expectJson<T = any>(
  expected: number,
  origin: string,
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const res = await requestJson<T>(origin, path, options);
  if (res.status !== expected) {
    throw new Error(
      `${options.method ?? "GET"} ${path}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body)}`,
    );
  }
  return res.body;
}
