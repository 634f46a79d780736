import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { publicOrigin } from "../../lib/public-address";
import { scanVisit } from "../../lib/scan-visitor";
import { rateLimitScans } from "../../middleware/rate-limit";
import { verifyPublicToken } from "../../services/certificates";
import { enqueueScanAlert } from "../../services/scan-alerts";

/**
 * /api/public/certificates/:token: the certificate as JSON for the /qr-view page. No sign-in,
 * counted exactly like a scan of the printed address (same service), so the page can never show
 * something the server did not say.
 */
export const publicCertificateRoutes = new Hono<AppEnv>().get("/:token", rateLimitScans, async (c) => {
  const result = await verifyPublicToken(c.var.db, c.req.param("token"), publicOrigin(c), await scanVisit(c));
  if (!result.found) throw new ApiError(404, "Invalid QR code data");
  enqueueScanAlert(c, result.alert);
  return c.json(result.certificate, 200, { "Cache-Control": "no-store" });
});
