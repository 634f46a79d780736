import { Hono } from "hono";
import { enqueueScanAlert } from "../../request/after-response";
import type { AppEnv } from "../../env";
import { ApiError } from "../../lib/errors";
import { publicOrigin } from "../../request/public-origin";
import { scanVisit } from "../../request/scan-visit";
import { rateLimitTypedCodes } from "../../middleware/rate-limit";
import { verifyTypedCode } from "../../services/scan-verification";

export const VERIFICATION_CODE_NOT_FOUND = "No report has this verification code";

/**
 * /api/public/verification-codes/:code: the certificate for a code typed by a person ("VS-7K3M-9Q2P-4H",
 * any case, with or without spaces, dashes and the prefix). The same answer, count and log as the
 * token look-up; every attempt is rate-limited per address, a miss is logged as an orphan scan.
 */
export const verificationCodeRoutes = new Hono<AppEnv>().get("/:code", rateLimitTypedCodes, async (c) => {
  const result = await verifyTypedCode(c.var.db, c.req.param("code"), publicOrigin(c), await scanVisit(c));
  if (!result.found) throw new ApiError(404, VERIFICATION_CODE_NOT_FOUND);
  enqueueScanAlert(c, result.alert);
  return c.json(result.certificate, 200, { "Cache-Control": "no-store" });
});
