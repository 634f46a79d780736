import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { ErrorBody } from "../../schema/responses";
import { ConfigError } from "../config";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: string[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
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

function errorResponse(error: unknown, c: Context): Response {
  if (error instanceof ApiError) {
    const body: ErrorBody = error.errors
      ? { message: error.message, errors: error.errors }
      : { message: error.message };
    return c.json(body, error.status, error.headers);
  }
  if (error instanceof HTTPException) {
    return c.json({ message: error.message || "Request failed" }, error.status);
  }
  if (error instanceof z.ZodError) {
    return c.json({ message: "Validation failed", errors: describeIssues(error) }, 400);
  }
  if (error instanceof ConfigError) {
    console.error(error.message);
    return c.json({ message: "The service is not configured correctly" }, 500);
  }
  const cause = (error as { cause?: unknown })?.cause;
  if (isDatabaseUnavailable(error) || isDatabaseUnavailable(cause)) {
    // The driver's reason only: a failed query's own message carries its parameters (emails, session ids).
    console.error("database unavailable:", String((cause as Error | undefined)?.message ?? (error as Error)?.message));
    return c.json({ message: "The service is temporarily unavailable. Please try again shortly." }, 503, {
      "Retry-After": "5",
    });
  }
  console.error("unhandled error", error);
  return c.json({ message: "Something went wrong. Please try again." }, 500);
}

/** Postgres unique_violation, whether drizzle wrapped the driver error or not. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (e as { code?: string } | undefined)?.code;
  return codeOf(error) === "23505" || codeOf((error as { cause?: unknown })?.cause) === "23505";
}
