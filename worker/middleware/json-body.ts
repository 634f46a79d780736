import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

/** The media types hono's JSON validator reads (application/json, application/*+json). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * The one kind of upload that is a file, not JSON: a register's list (CSV) for an administrator's
 * preview or import (worker/routes/admin/register.ts), read as bytes so its fingerprint is the
 * file's own.
 */
export const CSV_FILE_PATHS = /^\/api\/admin\/register\/sources\/[^/]+\/(preview|snapshots)$/;

/**
 * Every other API body is JSON. hono's validator silently reads a body of any other type as `{}`,
 * so a form post or text/plain would be answered with a list of "required" fields that hides
 * the real mistake; it is refused here with a 415 that names it.
 */
export const requireJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  const hasBody = c.req.raw.body !== null && c.req.header("Content-Length") !== "0";
  const mediaType = c.req.header("Content-Type")?.split(";")[0]?.trim() ?? "";
  const csvFile = CSV_FILE_PATHS.test(c.req.path) && mediaType.toLowerCase() === "text/csv";
  if (hasBody && !csvFile && !JSON_MEDIA_TYPE.test(mediaType)) {
    throw new ApiError(415, "Send the request body as JSON with Content-Type: application/json");
  }
  await next();
});
