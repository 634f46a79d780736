import { createRoute } from "@hono/zod-openapi";
import { enqueueScanAlert } from "#worker/request/after-response.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { publicOrigin } from "#worker/request/public-origin.ts";
import { scanVisit } from "#worker/request/scan-visit.ts";
import { scanLedger } from "#worker/request/scan-ledger.ts";
import { rateLimitScans } from "#worker/middleware/rate-limit.ts";
import { lookUpAddress } from "#worker/services/scans/certificate-lookup.ts";
import { CERTIFICATE_NOT_FOUND } from "#worker/services/records/seals.ts";
import { publicCertificateAnswer, signedRecordFileAnswer } from "#schema/responses/index.ts";
import { PUBLIC_TOKEN_PATTERN } from "#schema/public-token.ts";
import { signedRecordFile, signedRecordFileName } from "#schema/signed-record-file.ts";
import { recordSigning } from "#worker/request/record-signing.ts";
import { certificateRecordsFor } from "#worker/services/records/signed-records.ts";
import { documentedRoutes, jsonAnswer, textParams } from "#worker/routes/contract.ts";

export const tokenParam = textParams("token");

const readCertificate = createRoute({
  method: "get",
  path: "/{token}",
  middleware: [rateLimitScans] as const,
  request: { params: tokenParam },
  responses: { 200: jsonAnswer(publicCertificateAnswer, "The certificate, as the scan counted it") },
});

const downloadRecord = createRoute({
  method: "get",
  path: "/{token}/record",
  middleware: [rateLimitScans] as const,
  request: { params: tokenParam },
  responses: { 200: jsonAnswer(signedRecordFileAnswer, "The certificate's signed record, as a file to keep") },
});

/**
 * /api/public/certificates/:token: the certificate as JSON for the /qr-view page. No sign-in,
 * counted exactly like a scan of the printed address (same service), so the page can never show
 * something the server did not say.
 */
export const publicCertificateRoutes = documentedRoutes()
  .openapi(readCertificate, async (c) => {
    const { token } = c.req.valid("param");
    const result = await lookUpAddress(scanLedger(c), token, publicOrigin(c), await scanVisit(c));
    if (!result.found) throw new ApiError(404, CERTIFICATE_NOT_FOUND);
    enqueueScanAlert(c, result.alert);
    return c.json(result.certificate, 200, { "Cache-Control": "no-store" });
  })
  // The certificate's signed record as a file to keep: the evidence outlives this server.
  .openapi(downloadRecord, async (c) => {
    const { token } = c.req.valid("param");
    if (!PUBLIC_TOKEN_PATTERN.test(token)) throw new ApiError(404, CERTIFICATE_NOT_FOUND);
    const signing = await recordSigning(c);
    const found = await certificateRecordsFor(c.var.db, signing, token);
    if (!found) throw new ApiError(404, CERTIFICATE_NOT_FOUND);
    return c.json(signedRecordFile(found.records, signing.origin, found.unsignedChange), 200, {
      "Cache-Control": "no-store",
      "Content-Disposition": `attachment; filename="${signedRecordFileName(found.records.at(-1)!)}"`,
    });
  });
