import { Hono } from "hono";
import { enqueueScanAlert } from "../../../request/after-response";
import type { AppEnv } from "../../../env";
import { ApiError } from "../../../lib/errors";
import { publicOrigin } from "../../../request/public-origin";
import { scanVisit } from "../../../request/scan-visit";
import { rateLimitScans } from "../../../middleware/rate-limit";
import { verifyPublicToken } from "../../../services/scan-verification";
import { CERTIFICATE_NOT_FOUND } from "../../../services/seals";
import { PUBLIC_TOKEN_PATTERN } from "../../../../schema/validation/certificate";
import { signedRecordFile, signedRecordFileName } from "../../../../schema/signed-record-file";
import { recordSigning } from "../../../request/record-signing";
import { certificateRecordsFor } from "../../../services/signed-records";

/**
 * /api/public/certificates/:token: the certificate as JSON for the /qr-view page. No sign-in,
 * counted exactly like a scan of the printed address (same service), so the page can never show
 * something the server did not say.
 */
export const publicCertificateRoutes = new Hono<AppEnv>()
  .get("/:token", rateLimitScans, async (c) => {
    const result = await verifyPublicToken(c.var.db, c.req.param("token"), publicOrigin(c), await scanVisit(c));
    if (!result.found) throw new ApiError(404, CERTIFICATE_NOT_FOUND);
    enqueueScanAlert(c, result.alert);
    return c.json(result.certificate, 200, { "Cache-Control": "no-store" });
  })
  // The certificate's signed record as a file to keep: the evidence outlives this server.
  .get("/:token/record", rateLimitScans, async (c) => {
    const token = c.req.param("token");
    if (!PUBLIC_TOKEN_PATTERN.test(token)) throw new ApiError(404, CERTIFICATE_NOT_FOUND);
    const signing = await recordSigning(c);
    const records = await certificateRecordsFor(c.var.db, signing, token);
    if (!records) throw new ApiError(404, CERTIFICATE_NOT_FOUND);
    return c.json(signedRecordFile(records, signing.origin), 200, {
      "Cache-Control": "no-store",
      "Content-Disposition": `attachment; filename="${signedRecordFileName(records.at(-1)!)}"`,
    });
  });
