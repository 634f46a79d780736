import createClient from "openapi-fetch";
import type { ErrorBody } from "#schema/responses/message.ts";
import type { Page } from "#schema/responses/page.ts";
import type { paths } from "./api-types";
import { queryString } from "./query-string";
import { tokenStore } from "./device-storage";
import { dropEarlyReads, takeEarlyRead } from "./early-reads";

/**
 * The one API client (`api` below): the bearer token is the device's (tokenStore), bodies are
 * JSON, and a failed request throws an ApiRequestError whose text is "STATUS: message" with the
 * server's own message.
 */

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly errors?: string[],
    /** The server's X-Request-Id: the reference a user quotes, matching the server's log line. */
    readonly requestId: string | null = null,
  ) {
    super(`${status}: ${serverMessage}`);
  }
}

/**
 * The reference a user quotes for a failure that was the service's, not theirs (5xx): the
 * request's id, or undefined for any other failure.
 */
export const requestReferenceOf = (error: unknown): string | undefined =>
  error instanceof ApiRequestError && error.status >= 500 && error.requestId ? error.requestId : undefined;

/**
 * The server's own words for a failure (for a toast's description), with the reference to quote
 * when the failure was the service's, or undefined for a network error.
 */
export function serverMessageOf(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || !error.serverMessage) return undefined;
  const reference = requestReferenceOf(error);
  return reference ? `${error.serverMessage} Reference: ${reference}` : error.serverMessage;
}

const HTML_INSTEAD_OF_JSON = "Server error - received HTML instead of JSON response";

/** The error of a failed answer, from its body as JSON when it is JSON, else as text. */
function errorFromBody(res: Response, body: unknown): ApiRequestError {
  const requestId = res.headers.get("X-Request-Id");
  if (typeof body === "string") {
    if (/^\s*<(!doctype|html)/i.test(body)) {
      return new ApiRequestError(res.status, HTML_INSTEAD_OF_JSON, undefined, requestId);
    }
    try {
      return errorFromBody(res, JSON.parse(body));
    } catch {
      return new ApiRequestError(res.status, body || res.statusText, undefined, requestId);
    }
  }
  const message = (body as Partial<ErrorBody> | null)?.message;
  if (typeof message === "string") {
    return new ApiRequestError(res.status, message, (body as ErrorBody).errors, requestId);
  }
  return new ApiRequestError(res.status, res.statusText, undefined, requestId);
}

/**
 * A GET the page's guard asked already, with this token, is answered by that early read, once
 * (web/lib/early-reads.ts); any other request goes to the server, and a change drops the early
 * reads not yet taken.
 */
function fetchOrTakeEarly(request: Request, init?: RequestInit): Promise<Response> {
  if (request.method !== "GET") {
    dropEarlyReads();
    return fetch(request, init);
  }
  const token = tokenStore.get();
  const { pathname, search } = new URL(request.url);
  return (token && takeEarlyRead(token, pathname + search)) || fetch(request, init);
}

/**
 * The one client of the app's API (/api): every path, parameter, body and answer is typed from the
 * routes' own definitions (web/lib/api-types.ts, generated from them by `npm run api:types`), so a
 * renamed field or route fails to compile. Read an answer with `answerOf`:
 *
 *   const valuers = await answerOf(api.GET("/valuers"));
 */
export const api = createClient<paths>({ baseUrl: "/api", querySerializer: queryString, fetch: fetchOrTakeEarly });
api.use({
  onRequest({ request }) {
    const token = tokenStore.get();
    if (token) request.headers.set("Authorization", `Bearer ${token}`);
    return request;
  },
});

/**
 * The JSON body of a route as its document describes it: the values after the route's schema has
 * parsed them. A form may send text that the schema turns into a number or a date (a typed amount,
 * a chosen valuer's id), which is only accepted as this type through a cast at the call.
 */
export type RequestBody<Path extends keyof paths, Method extends "post" | "put" | "patch"> = paths[Path] extends {
  [M in Method]: { requestBody?: { content: { "application/json": infer Body } } };
}
  ? Body
  : never;

/** The query of a route as its document describes it. */
export type RequestQuery<Path extends keyof paths> = paths[Path] extends {
  get: { parameters: { query?: infer Query } };
}
  ? NonNullable<Query>
  : never;

/**
 * A chosen file as a route's request body: its own bytes under its own media type, not JSON.
 *
 *   api.POST("/valuers/{id}/practising-certificates", { params, ...fileBody(file) })
 */
export const fileBody = (file: Blob, mediaType = file.type) => ({
  body: file as never,
  bodySerializer: (body: unknown) => body as BodyInit,
  headers: { "Content-Type": mediaType },
});

/** The answer's data, or the ApiRequestError a failed answer carries (its status and the server's message). */
export async function answerOf<Data>(
  call: Promise<{ data?: Data; error?: unknown; response: Response }>,
): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok) throw errorFromBody(response, error);
  return data as Data;
}

/** A list route answers one page when asked for one (with `page`), and a plain array otherwise. */
export function pageOf<Item>(answer: Item[] | Page<Item>): Page<Item> {
  if (Array.isArray(answer)) throw new Error("A page was asked for and a plain list came back");
  return answer;
}

/** The plain array a list route answers when no page is asked for. */
export function listOf<Item>(answer: Item[] | Page<Item>): Item[] {
  return Array.isArray(answer) ? answer : answer.items;
}

/** True for the error a signed-out user gets acting on protected data: the server answered 401. */
export const isUnauthorizedError = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/**
 * A file from the API (a CSV export, asked for with `parseAs: "blob"`) with the name the server
 * gave it; the bytes are kept as sent (a text read would drop the byte order mark spreadsheets need).
 */
export async function fileOf(
  call: Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<{ blob: Blob; fileName: string | null }> {
  const { data, error, response } = await call;
  if (!response.ok) throw errorFromBody(response, error);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? null;
  return { blob: data as Blob, fileName };
}
