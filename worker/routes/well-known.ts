import { Hono } from "hono";
import type { AppEnv } from "../env";
import { withDatabase } from "../middleware/database";
import { openDataHeaders } from "../middleware/open-data";
import { rateLimitByAddress } from "../middleware/rate-limit";
import { keyHistory } from "../services/records/signed-records";

/**
 * /.well-known/jwks.json: every key ValuSeal ever signed with, with the times each started and
 * stopped signing and, for a compromised key, from when it is not trusted. Keys are never removed,
 * so a record signed years ago still verifies; verifiers may keep a copy (the offline verifier does).
 */
export const wellKnownRoutes = new Hono<AppEnv>()
  .use(...openDataHeaders, rateLimitByAddress("PUBLIC_LIMITER"), withDatabase)
  .get("/jwks.json", async (c) =>
    c.json(await keyHistory(c.var.db), 200, {
      "Content-Type": "application/jwk-set+json",
      "Cache-Control": "public, max-age=300",
    }),
  );
