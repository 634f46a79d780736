import { Hono } from "hono";
import type { AppEnv } from "../env";
import {
  certificatePageHeaders,
  renderCertificatePage,
  renderUnknownVerificationCodePage,
} from "../lib/certificate-page";
import { publicOrigin } from "../lib/public-address";
import { scanVisit } from "../lib/scan-visitor";
import { withDatabase } from "../middleware/database";
import { rateLimitTypedCodes } from "../middleware/rate-limit";
import { verifyTypedCode } from "../services/certificates";
import { enqueueScanAlert } from "../services/scan-alerts";
import { checkPage } from "./check-page";
import { readerFor, renderScanError } from "./verify-page";

/**
 * /verify, linked from the landing page: the page to type a verification code or check a copy of a
 * sealed report. Its form sends the typed code back here as `?code=`, answered like a scan of the
 * code's address: the certificate page (counted and logged), or a page saying no report has that
 * code (logged as an orphan scan). It works without script; the page's own script only helps.
 */
export const verifyRoutes = new Hono<AppEnv>()
  .get("/", async (c, next) => {
    if (c.req.query("code") === undefined) return checkPage(c, { codeForm: true });
    await next();
  })
  .use(withDatabase)
  .use(rateLimitTypedCodes)
  .get("/", async (c) => {
    const typed = c.req.query("code") ?? "";
    const result = await verifyTypedCode(c.var.db, typed, publicOrigin(c), await scanVisit(c));
    const reader = readerFor(c);
    if (!result.found) return c.html(renderUnknownVerificationCodePage(reader, typed), 404, certificatePageHeaders());
    enqueueScanAlert(c, result.alert);
    const context = { sealedPageCount: result.sealedPageCount };
    return c.html(renderCertificatePage(result.certificate, reader, context), 200, certificatePageHeaders());
  })
  .onError(renderScanError);
