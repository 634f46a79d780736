import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import type { ErrorCode } from "#schema/api-v1.ts";
import type { ErrorBody } from "#schema/responses/index.ts";
import { ConfigError } from "../config";
import { reportUnexpectedError } from "../lib/error-reports";
import {
  ApiError,
  codeOfStatus,
  describeIssues,
  EvidenceMismatchError,
  isDatabaseUnavailable,
  sqlStateOf,
} from "../lib/errors";

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
  if (error instanceof EvidenceMismatchError) {
    console.error(error.message);
    reportUnexpectedError(error);
    return c.json(errorBody("unavailable", error.publicMessage), 503);
  }
  if (error instanceof ConfigError) {
    console.error(error.message);
    reportUnexpectedError(error);
    return c.json(errorBody("internal_error", "The service is not configured correctly"), 500);
  }
  const cause = (error as { cause?: unknown })?.cause;
  if (isTransactionConflict(error)) {
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
  reportUnexpectedError(error);
  return c.json(errorBody("internal_error", "Something went wrong. Please try again."), 500);
}

/**
 * A deadlock (40P01), a serialization failure (40001), or a lock not granted within its
 * lock_timeout (55P03: the transparency log's head, decision 050): the database undid the
 * transaction, which can simply run again.
 */
function isTransactionConflict(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state === "40P01" || state === "40001" || state === "55P03";
}
