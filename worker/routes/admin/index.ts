import { documentedRoutes } from "../contract";
import { requireAdmin, requireUser } from "#worker/middleware/auth.ts";
import { adminAuditLogRoutes } from "./audit-log";
import { adminBillingRoutes } from "./billing";
import { adminDataRequestRoutes } from "./data-requests";
import { adminHealthRoutes } from "./health";
import { adminRegisterRoutes } from "./register";
import { adminPractisingCertificateRoutes } from "./practising-certificates";
import { adminCompanyListRoutes, adminCompanyRoutes } from "./companies";
import { adminSigningKeyRoutes } from "./signing-keys";
import { adminStatsRoutes } from "./stats";
import { adminTitleConflictRoutes } from "./title-conflicts";
import { adminUserRoutes } from "./users";

/**
 * Everything under /api/admin. The one `.use` guards every route here, including ones added later:
 * anonymous 401, signed-in non-admin 403, whatever the client shows.
 */
export const adminRoutes = documentedRoutes()
  .use(requireUser, requireAdmin)
  .route("/stats", adminStatsRoutes)
  .route("/companies-detailed", adminCompanyListRoutes)
  .route("/companies", adminCompanyRoutes)
  .route("/users", adminUserRoutes)
  .route("/audit-log", adminAuditLogRoutes)
  .route("/signing-keys", adminSigningKeyRoutes)
  .route("/title-conflicts", adminTitleConflictRoutes)
  .route("/billing", adminBillingRoutes)
  .route("/register", adminRegisterRoutes)
  .route("/practising-certificates", adminPractisingCertificateRoutes)
  .route("/health", adminHealthRoutes)
  .route("/data-requests", adminDataRequestRoutes);
