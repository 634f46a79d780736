import type { ErrorBody } from "../../schema/responses/message";

/**
 * The one API client: the bearer token is kept in localStorage under `token`, bodies are JSON, and
 * a failed request throws an ApiRequestError whose text is "STATUS: message" with the server's
 * own message.
 */
export const TOKEN_KEY = "token";

export const tokenStore = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly errors?: string[],
  ) {
    super(`${status}: ${serverMessage}`);
  }
}

/** The server's own words for a failure (for a toast's description), or undefined for a network error. */
export const serverMessageOf = (error: unknown): string | undefined =>
  error instanceof ApiRequestError && error.serverMessage ? error.serverMessage : undefined;

export const HTML_INSTEAD_OF_JSON = "Server error - received HTML instead of JSON response";

async function errorFromResponse(res: Response): Promise<ApiRequestError> {
  const text = await res.text();
  if (/^\s*<(!doctype|html)/i.test(text)) return new ApiRequestError(res.status, HTML_INSTEAD_OF_JSON);
  try {
    const body = JSON.parse(text) as Partial<ErrorBody> | null;
    if (body && typeof body.message === "string") return new ApiRequestError(res.status, body.message, body.errors);
  } catch {
    /* not JSON: fall back to the raw text */
  }
  return new ApiRequestError(res.status, text || res.statusText);
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The signed-in user's bearer token as a request header, or nothing for a visitor. */
function authorization(): Record<string, string> {
  const token = tokenStore.get();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    ...options.headers,
    ...authorization(),
  };
  const res = await fetch(path, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!res.ok) throw await errorFromResponse(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** True for the error a signed-out user gets acting on protected data: the server answered 401. */
export const isUnauthorizedError = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/**
 * A file from the API (a CSV export) with the name the server gave it; the bytes are kept as sent
 * (a text read would drop the byte order mark spreadsheets need).
 */
export async function apiDownload(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await fetch(path, { headers: authorization() });
  if (!res.ok) throw await errorFromResponse(res);
  const fileName = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? null;
  return { blob: await res.blob(), fileName };
}
