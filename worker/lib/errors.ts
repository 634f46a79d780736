import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { ErrorCode } from "#schema/api-v1.ts";

/** The machine code of a refusal with this status, unless the refusal names its own. */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: "invalid_request",
  401: "unauthorized",
  402: "payment_required",
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

/**
 * Stored evidence that does not match the hash the log holds for it (an archived record changed in
 * R2): the asker gets a 503 with this message and never the text; the operators get an error report.
 */
export class EvidenceMismatchError extends Error {
  readonly publicMessage =
    "A signed record's archived copy does not match the log, so it is not served. ValuSeal's operators have been told.";
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
  if (error instanceof DatabaseUnavailableError) return true;
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
 * The database was unavailable to work done elsewhere (a code's Durable Object counting a scan):
 * only the driver's reason crosses back, and this class says what it was.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = "DatabaseUnavailableError";
}

/**
 * Where a failed statement's SQLSTATE may be: on the error itself (the driver's), or on the driver
 * error drizzle wrapped in it as its cause.
 */
const driverErrors = (error: unknown) =>
  [error, (error as { cause?: unknown } | undefined)?.cause] as ({ code?: unknown; message?: unknown } | undefined)[];

/** Five digits or capitals: a SQLSTATE, not a Node system error's code ("ECONNRESET") or an ApiError's ("conflict"). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The SQLSTATE of a statement the database refused, or null when the error carries none. */
export function sqlStateOf(error: unknown): string | null {
  for (const candidate of driverErrors(error)) {
    if (typeof candidate?.code === "string" && SQLSTATE.test(candidate.code)) return candidate.code;
  }
  return null;
}

/** Postgres unique_violation, whether drizzle wrapped the driver error or not. */
export function isUniqueViolation(error: unknown): boolean {
  return driverErrors(error).some((candidate) => candidate?.code === "23505");
}

/** The reason a statement refused itself with refuse_statement (SQLSTATE VS001), whether drizzle wrapped the driver error or not. */
export function refusalOf(error: unknown): string | null {
  for (const candidate of driverErrors(error)) {
    if (candidate?.code === "VS001" && typeof candidate.message === "string" && candidate.message) {
      return candidate.message;
    }
  }
  return null;
}

/** What a company an administrator deactivated is told when it tries to change anything. */
export const COMPANY_DEACTIVATED = "Your company has been deactivated. Contact support.";
