import { createRoute } from "@hono/zod-openapi";
import { enqueueScanAlert } from "#worker/request/after-response.ts";
import { publicCertificateAnswer } from "#schema/responses/index.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { publicOrigin } from "#worker/request/public-origin.ts";
import { scanVisit } from "#worker/request/scan-visit.ts";
import { scanLedger } from "#worker/request/scan-ledger.ts";
import { rateLimitTypedCodes } from "#worker/middleware/rate-limit.ts";
import { lookUpShortCode } from "#worker/services/scans/certificate-lookup.ts";
import { documentedRoutes, jsonAnswer, textParams } from "../contract";

const VERIFICATION_CODE_NOT_FOUND = "No report has this verification code";

const readByCode = createRoute({
  method: "get",
  path: "/{code}",
  middleware: [rateLimitTypedCodes] as const,
  request: { params: textParams("code") },
  responses: { 200: jsonAnswer(publicCertificateAnswer, "The certificate, as a scan would count it") },
});

/**
 * /api/public/verification-codes/:code: the certificate for a code typed by a person ("VS-7K3M-9Q2P-4H",
 * any case, with or without spaces, dashes and the prefix). The same answer, count and log as the
 * token look-up; every attempt is rate-limited per address, a miss is logged as an orphan scan.
 */
export const verificationCodeRoutes = documentedRoutes().openapi(readByCode, async (c) => {
  const result = await lookUpShortCode(scanLedger(c), c.req.valid("param").code, publicOrigin(c), await scanVisit(c));
  if (!result.found) throw new ApiError(404, VERIFICATION_CODE_NOT_FOUND);
  enqueueScanAlert(c, result.alert);
  return c.json(result.certificate, 200, { "Cache-Control": "no-store" });
});
