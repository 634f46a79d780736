import { Hono } from "hono";
import { PUBLIC_TOKEN_PATTERN } from "#schema/public-token.ts";
import { checkpointListQuerySchema, logEntriesQuerySchema } from "#schema/validation/transparency.ts";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { pageRange } from "../lib/pagination";
import { recordSigning } from "../request/record-signing";
import { validate } from "../lib/validation";
import { withDatabase } from "../middleware/database";
import { openDataHeaders } from "../middleware/open-data";
import { rateLimitByAddress } from "../middleware/rate-limit";
import { listCheckpoints, logEntries, logProof } from "../services/records/signed-records";
import { CERTIFICATE_NOT_FOUND } from "../services/records/seals";

/** Checkpoints a page at a time, newest first. */
const CHECKPOINTS_PAGE_SIZE = 50;

/**
 * The append-only log (/log/…), public and readable by any site: its signed checkpoints, its
 * entries, and the proof that a code's records are in it (docs/signed-records.md).
 */
export const logRoutes = new Hono<AppEnv>()
  .use(...openDataHeaders, rateLimitByAddress("PUBLIC_LIMITER"), withDatabase)
  .get("/checkpoints", validate("query", checkpointListQuerySchema), async (c) => {
    const { page = 1, pageSize = CHECKPOINTS_PAGE_SIZE } = c.req.valid("query");
    const { limit, offset } = pageRange(page, pageSize);
    const items = await listCheckpoints(c.var.db, limit, offset);
    return c.json({ items, page, pageSize }, 200, { "Cache-Control": "no-store" });
  })
  .get("/entries", validate("query", logEntriesQuerySchema), async (c) => {
    const { from, to } = c.req.valid("query");
    // Entries never change once written: a range that is complete can be cached by anyone.
    const entries = await logEntries(c.var.db, from, to);
    const complete = entries.length === to - from + 1;
    return c.json({ entries }, 200, { "Cache-Control": complete ? "public, max-age=86400, immutable" : "no-store" });
  })
  .get("/proof/:token", async (c) => {
    const token = c.req.param("token");
    if (!PUBLIC_TOKEN_PATTERN.test(token)) throw new ApiError(404, CERTIFICATE_NOT_FOUND);
    const proof = await logProof(c.var.db, await recordSigning(c), token);
    if (!proof) throw new ApiError(404, CERTIFICATE_NOT_FOUND);
    return c.json(proof, 200, { "Cache-Control": "no-store" });
  });
