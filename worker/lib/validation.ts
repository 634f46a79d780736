import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { MAX_ROW_ID } from "#schema/limits.ts";
import { ApiError, validationError } from "./errors";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Strings of the validated input that the database cannot keep as sent, as "field: problem" lines.
 * Postgres refuses NUL in text (the query would fail with a 500), and half of a UTF-16 pair would
 * be stored as U+FFFD, silently changing what the user wrote.
 */
function unstorableText(value: unknown, path: string[] = []): string[] {
  const field = (message: string) => [path.length ? `${path.join(".")}: ${message}` : message];
  if (typeof value === "string") {
    if (value.includes("\u0000")) return field("Must not contain NUL characters");
    return LONE_SURROGATE.test(value) ? field("Must be valid Unicode text") : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => unstorableText(item, [...path, String(index)]));
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.entries(value).flatMap(([key, item]) => unstorableText(item, [...path, key]));
  }
  return [];
}

/**
 * zValidator that answers with the API's one error shape instead of the library's default, and
 * also refuses text the database could not store exactly (checked on what the schema kept, so an
 * ignored extra field never matters).
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) => zValidator(target, schema, answerInvalidInput);

/**
 * The validators' hook (`validate`, and every route definition): the one error shape. Path
 * parameters are left to their handlers, which answer 404 for anything that names nothing (and the
 * public certificate routes log such a probe as an orphan scan), so they skip the storable-text check.
 */
export function answerInvalidInput(
  result: ({ success: true; data: unknown } | { success: false; error: unknown }) & { target?: string },
): undefined {
  if (!result.success) throw validationError(result.error as z.ZodError);
  if (result.target === "param") return undefined;
  const problems = unstorableText(result.data);
  if (problems.length) throw new ApiError(400, "Validation failed", problems);
  return undefined;
}

/** Path ids are positive integers; anything else cannot name a row, so it is simply not found. */
export function parseId(raw: string, what = "Not found"): number {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ROW_ID) throw new ApiError(404, what);
  return Number(raw);
}
