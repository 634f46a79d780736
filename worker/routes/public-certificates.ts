import { Hono } from "hono";
import type { AppEnv } from "../env";
import { verifyPublicToken } from "../lib/certificates";
import { ApiError } from "../lib/errors";
import { rateLimitByAddress } from "../middleware/rate-limit";

/**
 * The certificate as JSON for the /qr-view page: no sign-in, counted exactly like a scan of the
 * printed address (same module), so the page can never show something the server did not say.
 */
export const publicCertificateRoutes = new Hono<AppEnv>().get(
  "/public/certificates/:token",
  rateLimitByAddress("PUBLIC_LIMITER"),
  async (c) => {
    const result = await verifyPublicToken(c, c.req.param("token"));
    if (!result.found) throw new ApiError(404, "Invalid QR code data");
    return c.json(result.certificate, 200, { "Cache-Control": "no-store" });
  },
);
