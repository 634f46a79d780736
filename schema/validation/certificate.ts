import { z } from "zod";

/** Public tokens are random base62 strings of this length (about 95 bits); anything else is rejected unread. */
export const PUBLIC_TOKEN_LENGTH = 16;
export const PUBLIC_TOKEN_PATTERN = new RegExp(`^[A-Za-z0-9]{${PUBLIC_TOKEN_LENGTH}}$`);

export const CERTIFICATE_STATUSES = ["valid", "revoked", "sample"] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/**
 * GET /api/public/certificates/:token: the public certificate payload, plus the code's state.
 * Numbers that are money or sizes stay decimal strings, as the database keeps them. verificationCount
 * already includes the scan that fetched this payload, so screens show it as it is.
 */
export const publicCertificateSchema = z.object({
  propertyAddress: z.string(),
  propertyReference: z.string().nullable(),
  /** The short description: what a vehicle is ("Vehicle Description"), a vehicle having no location. */
  propertyArea: z.string().nullable(),
  propertyType: z.string(),
  propertySize: z.string().nullable(),
  propertySizeUnit: z.string().nullable(),
  landSize: z.string().nullable(),
  landSizeUnit: z.string().nullable(),
  marketValue: z.string(),
  currency: z.string(),
  /** ISO 8601 timestamp. */
  valuationDate: z.string(),
  signingValuer: z.string().nullable(),
  valuerQualification: z.string().nullable(),
  valuerPhone: z.string().nullable(),
  companyName: z.string(),
  companyEmail: z.string().nullable(),
  /** The public token, never the internal id. */
  qrCodeId: z.string(),
  verificationCount: z.number().int(),
  /** "sample" only for the landing page's demo code. */
  status: z.enum(CERTIFICATE_STATUSES),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  /** Public address of the code that replaces a revoked one. */
  supersededBy: z.string().nullable(),
  /** The valuer's registration number with their professional body. */
  valuerRegistrationNumber: z.string().nullable(),
  /**
   * Whether ValuSeal has checked who issued this code: only then may a valid code read
   * "Verified Authentic". False for the sample.
   */
  issuerVerified: z.boolean(),
  /** When the issuer was verified (ISO 8601), null when it is not. */
  issuerVerifiedAt: z.string().nullable(),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;
