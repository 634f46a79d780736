import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { ErrorCode } from "../../schema/api-v1";
import type { ErrorBody } from "../../schema/responses";
import { ConfigError } from "../config";

/** The machine code of a refusal with this status, unless the refusal names its own. */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "unprocessable",
  429: "rate_limited",
  503: "unavailable",
};

export const codeOfStatus = (status: number): ErrorCode =>
  CODE_OF_STATUS[status] ?? (status >= 500 ? "internal_error" : "invalid_request");

export class ApiError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: string[],
    readonly headers?: Record<string, string>,
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? codeOfStatus(status);
  }
}

export const notFound = (what = "Not found") => new ApiError(404, what);
export const forbidden = (message: string) => new ApiError(403, message);
export const badRequest = (message: string, errors?: string[]) => new ApiError(400, message, errors);

/** Zod issues as readable lines: "email: Invalid email address". */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message));
}

export function validationError(error: z.ZodError): ApiError {
  return new ApiError(400, "Validation failed", describeIssues(error));
}

/**
 * SQLSTATEs that mean the server cannot take the work now, not that the query was wrong: connection
 * exceptions (class 08), too many connections and other resource limits (53000, 53300), and the
 * server shutting down or starting (57P01–57P03).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|53000|53300|57P0[123])$/;

/**
 * Errors that mean the database cannot be reached or refuses more work (not that a query was
 * wrong): over the WebSocket pool, and over the HTTP driver, whose failed fetch reads "Error
 * connecting to database" and whose gateway failures read "Server error (HTTP status 5xx)".
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const text = String((error as { message?: string })?.message ?? error);
  const code = (error as { code?: string })?.code;
  return (
    code === "ECONNREFUSED" ||
    (typeof code === "string" && UNAVAILABLE_SQLSTATE.test(code)) ||
    /WebSocket|ECONNREFUSED|Connection terminated|timeout exceeded when trying to connect|connect ETIMEDOUT|network|too many clients|too many connections|remaining connection slots|Error connecting to database|Server error \(HTTP status 5\d\d\)/i.test(
      text,
    )
  );
}

/**
 * The app's one error handler. It first reads any request body the handler never got to: workerd
 * otherwise holds the client's next request on that keep-alive connection (a refused POST left the
 * browser's following navigation hanging).
 */
export async function handleError(error: unknown, c: Context): Promise<Response> {
  const request = c.req.raw;
  if (request.body && !request.bodyUsed) await request.arrayBuffer().catch(() => undefined);
  return errorResponse(error, c);
}

/** The one error shape: a machine code, a message for people, and the fields' problems when there are any. */
function errorBody(code: ErrorCode, message: string, errors?: string[]): ErrorBody {
  return errors ? { code, message, errors } : { code, message };
}

function errorResponse(error: unknown, c: Context): Response {
  if (error instanceof ApiError) {
    return c.json(errorBody(error.code, error.message, error.errors), error.status, error.headers);
  }
  if (error instanceof HTTPException) {
    return c.json(errorBody(codeOfStatus(error.status), error.message || "Request failed"), error.status);
  }
  if (error instanceof z.ZodError) {
    return c.json(errorBody("invalid_request", "Validation failed", describeIssues(error)), 400);
  }
  if (error instanceof ConfigError) {
    console.error(error.message);
    return c.json(errorBody("internal_error", "The service is not configured correctly"), 500);
  }
  const cause = (error as { cause?: unknown })?.cause;
  if (isTransactionConflict(error) || isTransactionConflict(cause)) {
    // Two transactions waited on each other and the database ended one: sending it again is safe.
    return c.json(errorBody("unavailable", "The service was busy with a conflicting change. Please try again."), 503, {
      "Retry-After": "1",
    });
  }
  if (isDatabaseUnavailable(error) || isDatabaseUnavailable(cause)) {
    // The driver's reason only: a failed query's own message carries its parameters (emails, session ids).
    console.error("database unavailable:", String((cause as Error | undefined)?.message ?? (error as Error)?.message));
    return c.json(errorBody("unavailable", "The service is temporarily unavailable. Please try again shortly."), 503, {
      "Retry-After": "5",
    });
  }
  console.error("unhandled error", error);
  return c.json(errorBody("internal_error", "Something went wrong. Please try again."), 500);
}

/** A deadlock (40P01) or a serialization failure (40001): the database undid the transaction, which can simply run again. */
function isTransactionConflict(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return code === "40P01" || code === "40001";
}

/** Postgres unique_violation, whether drizzle wrapped the driver error or not. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (e as { code?: string } | undefined)?.code;
  return codeOf(error) === "23505" || codeOf((error as { cause?: unknown })?.cause) === "23505";
}
