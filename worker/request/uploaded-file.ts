import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

/**
 * An uploaded file's bytes (the request body, as a browser sends a chosen file), refused unread
 * when its Content-Length is over `maxBytes`, and refused after reading when a body sent without
 * one turns out larger: 413 with `what` and the limit in MB.
 */
export async function uploadedFileBytes(
  c: Context<AppEnv>,
  maxBytes: number,
  what: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => new ApiError(413, `${what} is at most ${maxBytes / 1024 / 1024} MB`);
  if (Number(c.req.header("Content-Length") ?? 0) > maxBytes) throw tooLarge();
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > maxBytes) throw tooLarge();
  return bytes;
}

/**
 * A file someone uploaded, answered as a download, never shown inline: its stored type, its name
 * kept to safe characters, and no caching (evidence is personal data).
 */
export function storedFileAnswer(
  c: Context<AppEnv>,
  file: { body: ReadableStream; contentType: string; fileName: string },
) {
  const safeName = file.fileName.replace(/[^\w.\- ]+/g, "_").slice(0, 120) || "file";
  return c.body(file.body, 200, {
    "Content-Type": file.contentType,
    "Content-Disposition": `attachment; filename="${safeName}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}
