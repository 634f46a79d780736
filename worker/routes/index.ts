import { healthRoutes } from "./health";
import { documentedRoutes } from "./contract";
import { adminRoutes } from "./admin";
import { analyticsRoutes } from "./analytics";
import { exportRoutes } from "./exports";
import { apiKeyRoutes } from "./api-keys";
import { billingRoutes } from "./billing";
import { webhookRoutes } from "./webhooks";
import { authRoutes } from "./auth";
import { companyRoutes } from "./companies";
import { demoQrRoutes } from "./demo-qr";
import { inviteRoutes } from "./invites";
import { locationRoutes } from "./locations";
import { passwordResetRoutes } from "./password-reset";
import { profileRoutes } from "./profile";
import { publicCertificateRoutes } from "./public/certificates";
import { certificateCheckRoutes } from "./public/certificates/check";
import { qrCodeRoutes } from "./qr-codes";
import { relianceRoutes } from "./reliances";
import { scanRoutes } from "./scans";
import { teamRoutes } from "./team";
import { valuerRoutes } from "./valuers";
import { watchRoutes } from "./watches";
import { verificationCodeRoutes } from "./public/verification-codes";
import { platformFigureRoutes } from "./public/platform-figures";
import { pricingRoutes } from "./public/pricing";
import { receiptCheckRoutes } from "./public/receipts";

/**
 * The SPA's routes under /api, each resource a route module mounted under its own prefix, in a file
 * named after that prefix (worker/routes/qr-codes/… serves /api/qr-codes/…); only auth is mounted
 * at the root. The web app's typed client is generated from their document (`npm run api:types`);
 * it is not published, as the integration API's is (decision 037).
 */
export const sessionRoutes = documentedRoutes()
  .route("/", authRoutes)
  .route("/demo-qr", demoQrRoutes)
  .route("/valuers", valuerRoutes)
  .route("/qr-codes", qrCodeRoutes)
  .route("/reliances", relianceRoutes)
  .route("/watches", watchRoutes)
  .route("/scans", scanRoutes)
  .route("/analytics", analyticsRoutes)
  .route("/exports", exportRoutes)
  .route("/companies", companyRoutes)
  .route("/profile", profileRoutes)
  .route("/team", teamRoutes)
  .route("/api-keys", apiKeyRoutes)
  .route("/billing", billingRoutes)
  .route("/webhooks", webhookRoutes)
  .route("/invites", inviteRoutes)
  .route("/locations", locationRoutes)
  .route("/password-reset", passwordResetRoutes)
  .route("/public/certificates", publicCertificateRoutes)
  .route("/public/certificates", certificateCheckRoutes)
  .route("/public/verification-codes", verificationCodeRoutes)
  .route("/public/platform-figures", platformFigureRoutes)
  .route("/public/pricing", pricingRoutes)
  .route("/public/receipts", receiptCheckRoutes)
  .route("/admin", adminRoutes)
  .route("/health", healthRoutes);
