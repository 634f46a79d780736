import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./env";
import { ApiError, handleError } from "./lib/errors";
import { withDatabase } from "./middleware/database";
import { requireJsonBody } from "./middleware/json-body";
import { apiSecurityHeaders, sameOriginCors } from "./middleware/security-headers";
import { adminRoutes } from "./routes/admin";
import { authRedirectRoutes, authRoutes } from "./routes/auth";
import { codeStatusRoutes } from "./routes/code-status";
import { demoRoutes } from "./routes/demo";
import { analyticsRoutes } from "./routes/analytics";
import { companyRoutes } from "./routes/companies";
import { locationRoutes } from "./routes/locations";
import { profileRoutes } from "./routes/profile";
import { qrCodeRoutes } from "./routes/qr-codes";
import { inviteRoutes, teamRoutes } from "./routes/team";
import { valuerRoutes } from "./routes/valuers";
import { publicCertificateRoutes } from "./routes/public-certificates";
import { scanRoutes } from "./routes/scan";
import { scanLogRoutes } from "./routes/scans";
import { webhookRoutes } from "./routes/webhooks";

const MAX_BODY_BYTES = 100 * 1024;

/** Everything under /api that needs the database: each resource is its own route module. */
const api = new Hono<AppEnv>()
  .use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError(413, "Request body is too large (limit 100 KB)");
      },
    }),
  )
  .use(requireJsonBody)
  .use(withDatabase)
  .route("/", authRoutes)
  .route("/", demoRoutes)
  .route("/valuers", valuerRoutes)
  .route("/qr-codes", qrCodeRoutes)
  .route("/analytics", analyticsRoutes)
  .route("/companies", companyRoutes)
  .route("/profile", profileRoutes)
  .route("/team", teamRoutes)
  .route("/invites", inviteRoutes)
  .route("/locations", locationRoutes)
  .route("/", publicCertificateRoutes)
  .route("/", codeStatusRoutes)
  .route("/", scanLogRoutes)
  .route("/", webhookRoutes)
  .route("/admin", adminRoutes);

export const app = new Hono<AppEnv>()
  // Registered first so every /api answer carries them, errors and unknown paths included.
  .use("/api/*", apiSecurityHeaders, sameOriginCors)
  .route("/api", authRedirectRoutes)
  .route("/api", api)
  // The printed codes' short address: a server-rendered certificate, no SPA (worker/routes/scan.ts).
  .route("/v", scanRoutes)
  .notFound((c) => {
    if (c.req.path.startsWith("/api/")) return c.json({ message: "Not found" }, 404);
    return c.env.ASSETS.fetch(c.req.raw);
  })
  .onError(handleError);

export type App = typeof app;
