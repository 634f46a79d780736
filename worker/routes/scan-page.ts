import type { Context } from "hono";
import { enqueueScanAlert } from "../request/after-response";
import { Hono } from "hono";
import type { AppEnv } from "../env";
import {
  certificatePageHeaders,
  readerOf,
  renderCertificatePage,
  renderInvalidCodePage,
  renderUnavailablePage,
  type Reader,
} from "../lib/certificate-page";
import { ApiError, isDatabaseUnavailable } from "../lib/errors";
import { publicOrigin } from "../request/public-origin";
import { scanVisit } from "../request/scan-visit";
import { scanLedger } from "../request/scan-ledger";
import { withDatabase } from "../middleware/database";
import { rateLimitScans } from "../middleware/rate-limit";
import { lookUpAddress } from "../services/scans/certificate-lookup";
import { SEAL_MAX_PAGES } from "#schema/validation/seals.ts";

/** The host the anti-phishing line names; the request's own when the config could not be read. */
function displayHost(c: Context<AppEnv>): string {
  return new URL(c.var.config ? publicOrigin(c) : c.req.url).host;
}

/** The reader of a verification page: its host, and the language `?lang=` or Accept-Language asks for. */
export function readerFor(c: Context<AppEnv>, host = displayHost(c)): Reader {
  return readerOf(c.req.url, c.req.header("Accept-Language"), host);
}

/** A phone gets a page, never the API's JSON error, whatever went wrong. */
export function renderScanError(error: Error, c: Context<AppEnv>) {
  const reader = readerFor(c);
  const headers = certificatePageHeaders();
  if (error instanceof ApiError && error.status === 429) {
    return c.html(renderUnavailablePage(reader, "rate-limited"), 429, { ...headers, ...error.headers });
  }
  // HEAD of a typed code (rateLimitTypedCodes): no page to show.
  if (error instanceof ApiError && error.status === 405) return c.body(null, 405, { ...headers, ...error.headers });
  const cause = (error as { cause?: unknown }).cause;
  const unavailable = isDatabaseUnavailable(error) || isDatabaseUnavailable(cause);
  // The driver's reason only, as the API logs it: a failed query's own message carries its parameters.
  if (unavailable)
    console.error("database unavailable:", String((cause as Error | undefined)?.message ?? error.message));
  else console.error("scan failed", error);
  const page = renderUnavailablePage(reader, "unavailable");
  return c.html(page, unavailable ? 503 : 500, { ...headers, "Retry-After": "5" });
}

async function answerScan(c: Context<AppEnv>, page: number | null) {
  const token = c.req.param("token") ?? "";
  const result = await lookUpAddress(scanLedger(c), token, publicOrigin(c), await scanVisit(c), page);
  const reader = readerFor(c);
  if (!result.found) return c.html(renderInvalidCodePage(reader), 404, certificatePageHeaders());
  enqueueScanAlert(c, result.alert);
  const context = { page, sealedPageCount: result.sealedPageCount };
  return c.html(renderCertificatePage(result.certificate, reader, context), 200, certificatePageHeaders());
}

/**
 * GET (and HEAD) /v/:token, the address printed in every code: the certificate as a
 * server-rendered page with no script, counted in the same request.
 */
export const scanPageRoutes = new Hono<AppEnv>()
  .use(withDatabase)
  .use(rateLimitScans)
  .get("/:token", (c) => answerScan(c, null))
  // The QR on page n of a sealed report: a scan of the code like any other, naming its page.
  .get("/:token/:page{[0-9]{1,3}}", (c) => {
    const page = Number(c.req.param("page"));
    if (page < 1 || page > SEAL_MAX_PAGES)
      return c.html(renderInvalidCodePage(readerFor(c)), 404, certificatePageHeaders());
    return answerScan(c, page);
  })
  .onError(renderScanError);
