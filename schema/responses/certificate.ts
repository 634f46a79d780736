/**
 * GET /api/public/certificates/:token answers a PublicCertificate. Its zod schema lives with the
 * other certificate rules, so it is re-exported here rather than declared twice.
 */
export type { CertificateStatus, PublicCertificate } from "../validation/certificate";
