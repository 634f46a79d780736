import { createRoute, z } from "@hono/zod-openapi";
import { watchFeedAnswer } from "#schema/responses/index.ts";
import { watchFeedQuerySchema } from "#schema/validation/reliances.ts";
import { keyCompanyId, requireApiKeyScope } from "#worker/middleware/api-key.ts";
import { sha256Hex } from "#worker/lib/random.ts";
import { WATCH_FEED_LIMIT, watchFeed } from "#worker/services/lenders/watches.ts";
import { documentedRoutes, jsonAnswer } from "../contract";
import { KEY_ERRORS, KEY_SECURITY } from "./documented";

const ETAG_HEADER = z.object({
  ETag: z.string().meta({ description: "Send it back as If-None-Match: 304 while nothing changed" }),
});

const feed = createRoute({
  method: "get",
  path: "/",
  tags: ["Reliance"],
  summary: "The watched codes that changed",
  description: `For lenders that cannot take webhooks: every code the lender watches (each reliance is a watch) whose state changed (revoked, replaced, expired, reinstated, its issuer suspended, or relied on by another institution), oldest change first, at most ${WATCH_FEED_LIMIT} at a time. Poll with the answer's \`cursor\` to get only what changed after it; \`hasMore\` says to ask again at once. The first time, ask without parameters for every watched code, or with \`changedSince\` for the changes after a moment. A change is timed when the firm's or ValuSeal's action began: one still being saved as you poll (a matter of seconds) can land just before your cursor, so a poller that must see every change also asks, now and then, with \`changedSince\` a few minutes back, or takes webhooks. The answer carries an \`ETag\`: send it as \`If-None-Match\` and an unchanged answer is 304 with no body.`,
  security: KEY_SECURITY,
  middleware: [requireApiKeyScope("watches:read")] as const,
  request: {
    query: watchFeedQuerySchema,
    headers: z.object({ "if-none-match": z.string().optional() }),
  },
  responses: {
    200: { ...jsonAnswer(watchFeedAnswer, "What changed, oldest first"), headers: ETAG_HEADER },
    304: { description: "Nothing changed since the answer with this ETag", headers: ETAG_HEADER },
    ...KEY_ERRORS,
  },
});

/** /api/v1/watches: the watch feed a lender polls, with an ETag so an unchanged answer costs nothing. */
export const v1WatchRoutes = documentedRoutes().openapi(feed, async (c) => {
  const answer = await watchFeed(c.var.db, keyCompanyId(c), c.req.valid("query"));
  const body = JSON.stringify(answer);
  const etag = `"${await sha256Hex(body)}"`;
  const headers = { ETag: etag, "Cache-Control": "private, no-cache" };
  if (c.req.valid("header")["if-none-match"] === etag) return c.body(null, 304, headers);
  return c.json(answer, 200, headers);
});
