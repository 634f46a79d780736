import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import {
  PRACTISING_CERTIFICATE_MAX_BYTES,
  PRACTISING_CERTIFICATE_TYPES,
  REGISTER_FILE_TYPES,
  REGISTER_IMPORT_MAX_BYTES,
} from "#schema/limits/register.ts";

/** The media types hono's JSON validator reads (application/json, application/*+json). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * The uploads that are files, not JSON, each read as bytes so its fingerprint is the file's own,
 * with the media types it may be sent as and its own body limit: a register's list for an
 * administrator's preview or import (worker/routes/admin/register.ts), and a valuer's practising
 * certificate (worker/routes/valuers.ts).
 */
const FILE_UPLOADS = [
  {
    path: /^\/api\/admin\/register\/sources\/[^/]+\/(preview|snapshots)$/,
    mediaTypes: REGISTER_FILE_TYPES as readonly string[],
    maxBytes: REGISTER_IMPORT_MAX_BYTES,
  },
  {
    path: /^\/api\/valuers\/[^/]+\/practising-certificates$/,
    mediaTypes: PRACTISING_CERTIFICATE_TYPES as readonly string[],
    maxBytes: PRACTISING_CERTIFICATE_MAX_BYTES,
  },
];

/** The file upload a path takes, if it takes one. */
export const fileUploadAt = (path: string) => FILE_UPLOADS.find((upload) => upload.path.test(path));

/**
 * Every other API body is JSON. hono's validator silently reads a body of any other type as `{}`,
 * so a form post or text/plain would be answered with a list of "required" fields that hides
 * the real mistake; it is refused here with a 415 that names it.
 */
export const requireJsonBody = createMiddleware<AppEnv>(async (c, next) => {
  const hasBody = c.req.raw.body !== null && c.req.header("Content-Length") !== "0";
  const mediaType = c.req.header("Content-Type")?.split(";")[0]?.trim() ?? "";
  const file = fileUploadAt(c.req.path)?.mediaTypes.includes(mediaType.toLowerCase()) ?? false;
  if (hasBody && !file && !JSON_MEDIA_TYPE.test(mediaType)) {
    throw new ApiError(415, "Send the request body as JSON with Content-Type: application/json");
  }
  await next();
});
