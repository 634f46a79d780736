import { Hono } from "hono";
import { PUBLIC_TOKEN_PATTERN } from "#schema/public-token.ts";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { recordSigning } from "../request/record-signing";
import { withDatabase } from "../middleware/database";
import { openDataHeaders } from "../middleware/open-data";
import { rateLimitScans } from "../middleware/rate-limit";
import { CERTIFICATE_NOT_FOUND } from "../services/records/seals";
import { signedStatus } from "../services/records/signed-records";

/**
 * GET /status/<token>: the code's status now as a signed, short-lived JWS (`application/jose`),
 * so a verifier online can prove what it showed. It reads, never counts a scan; it spends from
 * the scans' budget, since it answers part of the same question.
 */
export const statusRoutes = new Hono<AppEnv>()
  .use(...openDataHeaders, rateLimitScans, withDatabase)
  .get("/:token", async (c) => {
    const token = c.req.param("token");
    if (!PUBLIC_TOKEN_PATTERN.test(token)) throw new ApiError(404, CERTIFICATE_NOT_FOUND);
    const status = await signedStatus(c.var.db, await recordSigning(c), token);
    if (!status) throw new ApiError(404, CERTIFICATE_NOT_FOUND);
    return c.body(status, 200, { "Content-Type": "application/jose", "Cache-Control": "no-store" });
  });
