import { Hono } from "hono";
import { enqueueScanAlert } from "../request/after-response";
import type { AppEnv } from "../env";
import {
  certificatePageHeaders,
  renderCertificatePage,
  renderUnknownVerificationCodePage,
} from "../lib/certificate-page";
import { publicOrigin } from "../request/public-origin";
import { scanVisit } from "../request/scan-visit";
import { scanLedger } from "../request/scan-ledger";
import { withDatabase } from "../middleware/database";
import { rateLimitTypedCodes } from "../middleware/rate-limit";
import { lookUpShortCode } from "../services/scans/certificate-lookup";
import { checkPage } from "./check-page";
import { readerFor, renderScanError } from "./scan-page";

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
    const result = await lookUpShortCode(scanLedger(c), typed, publicOrigin(c), await scanVisit(c));
    // Switching language must not type the code again (each attempt spends the typed budget): a
    // found code switches on its own address, a miss on the empty form.
    const reader = readerFor(c);
    const switchOn = (path: string) => ({
      ...reader,
      switchHref: `${path}?lang=${reader.language === "sw" ? "en" : "sw"}`,
    });
    if (!result.found) {
      const page = renderUnknownVerificationCodePage(switchOn("/verify"), typed);
      return c.html(page, 404, certificatePageHeaders());
    }
    enqueueScanAlert(c, result.alert);
    const context = { sealedPageCount: result.sealedPageCount };
    const page = renderCertificatePage(result.certificate, switchOn(`/v/${result.certificate.qrCodeId}`), context);
    return c.html(page, 200, certificatePageHeaders());
  })
  .onError(renderScanError);
