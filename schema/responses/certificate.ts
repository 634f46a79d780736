/**
 * GET /api/public/certificates/:token answers a PublicCertificate. Its zod schema lives with the
 * other certificate rules (the offline verifier reads it too), so it is re-exported here rather
 * than declared twice.
 */
export { publicCertificateSchema as publicCertificateAnswer } from "../validation/certificate";
export type { CertificateStatus, PublicCertificate } from "../validation/certificate";
