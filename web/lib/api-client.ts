/**
 * The one API client (SPEC 7): bearer token from localStorage `token`, JSON by default,
 * and errors whose text is "STATUS: message" (SPEC 8).
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
    const body = JSON.parse(text) as { message?: string; errors?: string[] };
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

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json", ...options.headers };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!res.ok) throw await errorFromResponse(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Data loading (SPEC 7): GET the path; on 401 either throw (default) or return null. */
export function getJson<T>(path: string, options: { on401?: "throw" | "returnNull" } = {}) {
  return async (): Promise<T | null> => {
    try {
      return await apiRequest<T>(path);
    } catch (error) {
      if (options.on401 === "returnNull" && error instanceof ApiRequestError && error.status === 401) return null;
      throw error;
    }
  };
}

/** True for the error a signed-out user gets acting on protected data (SPEC 8, create code). */
export const isUnauthorizedError = (error: unknown) =>
  error instanceof Error && /^401: .*Unauthorized/.test(error.message);
