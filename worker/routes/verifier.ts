import { Hono } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { withDatabase } from "../middleware/database";
import { rateLimitByAddress } from "../middleware/rate-limit";
import { documentHeaders } from "../lib/document-headers";
import { keyHistory } from "../services/records/signed-records";
import { OFFLINE_VERIFIER_POLICY } from "#verifier/page/policy.ts";

/**
 * /verifier: the offline verifier (verifier/page, built into one file by scripts/build-verifier.ts)
 * with ValuSeal's key history as it is now written into it, so a saved copy checks records years
 * later without us. `?download` saves it. It runs sandboxed (an origin of its own, no access to
 * this site's storage) and its policy allows no network request at all.
 */
const KEY_HISTORY_PLACEHOLDER = "__VALUSEAL_KEY_HISTORY__";

export const verifierRoutes = new Hono<AppEnv>().get(
  "/",
  rateLimitByAddress("PUBLIC_LIMITER"),
  withDatabase,
  async (c) => {
    const asset = await c.env.ASSETS.fetch(new URL("/verifier.html", c.req.url));
    const template = asset.ok ? await asset.text() : "";
    if (!template.includes(KEY_HISTORY_PLACEHOLDER))
      throw new ApiError(
        503,
        "The offline verifier comes with the production build (npm run build); npm run dev does not serve it",
      );
    // Inside a <script> element, "<" is escaped so no key text can end it.
    const history = { ...(await keyHistory(c.var.db)), generated_at: new Date().toISOString() };
    const keys = JSON.stringify(history).replace(/</g, "\\u003c");
    const page = template.replace(KEY_HISTORY_PLACEHOLDER, () => keys);
    return c.body(page, 200, {
      "Content-Type": "text/html; charset=utf-8",
      ...documentHeaders(`sandbox allow-scripts allow-downloads; ${OFFLINE_VERIFIER_POLICY}`),
      "Cache-Control": "no-store",
      ...(c.req.query("download") !== undefined
        ? { "Content-Disposition": 'attachment; filename="valuseal-verifier.html"' }
        : {}),
    });
  },
);
