import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./env";
import { ApiError, notFound } from "./lib/errors";
import { handleError } from "./request/errors";
import { withDatabase } from "./middleware/database";
import { fileUploadAt, requireJsonBody } from "./middleware/json-body";
import { requestLog } from "./middleware/request-log";
import { apiSecurityHeaders, sameOriginCors, strictTransportSecurity } from "./middleware/security-headers";
import { sessionRoutes } from "./routes";
import { docsRoutes } from "./routes/docs";
import { authRedirectRoutes } from "./routes/auth";
import { checkPageRoutes } from "./routes/check-page";
import { scanPageRoutes } from "./routes/scan-page";
import { verifyRoutes } from "./routes/verify";
import { logRoutes } from "./routes/log";
import { statusRoutes } from "./routes/status";
import { verifierRoutes } from "./routes/verifier";
import { wellKnownRoutes } from "./routes/well-known";
import { v1Routes } from "./routes/v1";

/**
 * The largest request body: 100 KB, 1 MB for the two batch routes (up to 500 codes, about 2 KB
 * each at most), and each file upload its own (fileUploadAt: a register's list, a practising certificate). A
 * limit per route keeps every other route's bound small.
 */
const MAX_BODY_KB = 100;
const MAX_BATCH_BODY_KB = 1024;
const BATCH_PATHS = new Set(["/api/qr-codes/batch", "/api/v1/codes/batch"]);

const limitBody = (kilobytes: number) =>
  bodyLimit({
    maxSize: kilobytes * 1024,
    onError: () => {
      throw new ApiError(413, `Request body is too large (limit ${kilobytes} KB)`);
    },
  });
const limitOtherBody = limitBody(MAX_BODY_KB);
const limitBatchBody = limitBody(MAX_BATCH_BODY_KB);
/** Each file upload's own limit (fileUploadAt), built once. */
const limitFileBody = new Map<number, ReturnType<typeof limitBody>>();
const fileBodyLimit = (maxBytes: number) => {
  if (!limitFileBody.has(maxBytes)) limitFileBody.set(maxBytes, limitBody(maxBytes / 1024));
  return limitFileBody.get(maxBytes)!;
};

/** Everything under /api that needs the database: the SPA's routes and the integration API. */
const api = new Hono<AppEnv>()
  .use((c, next) => {
    const upload = fileUploadAt(c.req.path);
    const limit = upload
      ? fileBodyLimit(upload.maxBytes)
      : BATCH_PATHS.has(c.req.path)
        ? limitBatchBody
        : limitOtherBody;
    return limit(c, next);
  })
  .use(requireJsonBody)
  .use(withDatabase)
  .route("/", sessionRoutes)
  .route("/v1", v1Routes);

/** /api, /log, /status and /.well-known, and anything under them. */
const MACHINE_PATHS = /^\/(api|log|status|\.well-known)(\/|$)/;

export const app = new Hono<AppEnv>()
  // First: the request id exists before anything can fail, and the line is written for every answer.
  .use(requestLog)
  // HSTS on every answer of the Worker, pages, errors and assets it hands on included.
  .use(strictTransportSecurity)
  // Registered before the routes so every /api answer carries them, errors and unknown paths included.
  .use("/api/*", apiSecurityHeaders, sameOriginCors)
  .route("/api", authRedirectRoutes)
  .route("/api", api)
  // Before the scan path: /v/<token>/check is a page of its own, not a scan.
  .route("/", checkPageRoutes)
  // /verify: the copy check and the typed verification code; with ?code= the code's certificate.
  .route("/verify", verifyRoutes)
  // The printed codes' short address: a server-rendered certificate, no SPA.
  .route("/v", scanPageRoutes)
  // What anyone can check without trusting our pages: keys, the log, signed statuses.
  .route("/.well-known", wellKnownRoutes)
  .route("/log", logRoutes)
  .route("/status", statusRoutes)
  .route("/verifier", verifierRoutes)
  // The integration API's reference, for developers (rendered in the browser from the OpenAPI document).
  .route("/docs", docsRoutes)
  .notFound((c) => {
    // Paths for programs (the API and the open data a verifier reads) answer JSON; others get the app.
    if (MACHINE_PATHS.test(c.req.path)) return handleError(notFound(), c);
    return c.env.ASSETS.fetch(c.req.raw);
  })
  .onError(handleError);
