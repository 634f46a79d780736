import { z } from "zod";
import { valuerRegisterCheckSchema } from "./register";
import { CODE_STATUSES, ISSUER_TRUST, VALUATION_PURPOSES } from "../limits/codes";

/** A code's status (CODE_STATUSES), or "sample" for the landing page's demo. */
export const CERTIFICATE_STATUSES = [...CODE_STATUSES, "sample"] as const;
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
  companyPhone: z.string().nullable(),
  /** The issuer's professional registration as issued, e.g. "RICS 12345"; null when it had none. */
  issuerRegistration: z.string().nullable(),
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
  /** Why ValuSeal does or does not vouch for the issuer (ISSUER_TRUST); "not-verified" for the sample. */
  issuerTrust: z.enum(ISSUER_TRUST),
  /** What ValuSeal knew of the signing valuer's registration on the day of issue (decision 062); null: not checked. */
  valuerRegisterCheck: valuerRegisterCheckSchema,
  /** When ValuSeal verified the identity on the code (ISO 8601), null when it does not vouch for it. */
  issuerVerifiedAt: z.string().nullable(),
  /** When ValuSeal suspended the issuer (ISO 8601), null unless it is suspended. */
  issuerSuspendedAt: z.string().nullable(),
  /**
   * When the issuer's account closed (ISO 8601), null while it is open: the certificate stays as
   * issued, but nobody at the firm can withdraw or replace it any more.
   */
  issuerClosedAt: z.string().nullable(),
  /** The latest withdrawal that was undone, kept on the certificate: ISO 8601 times and the reinstatement's reason. */
  reinstatement: z
    .object({ revokedAt: z.string(), reinstatedAt: z.string(), reason: z.string().nullable() })
    .nullable(),
  /** The lender or client the report was prepared for. */
  addressee: z.string().nullable(),
  purpose: z.enum(VALUATION_PURPOSES).nullable(),
  /** ISO 8601 timestamp of the inspection day. */
  inspectionDate: z.string().nullable(),
  /** Decimal string in `currency`. */
  forcedSaleValue: z.string().nullable(),
  titleNumber: z.string().nullable(),
  /** ISO 8601 timestamp of the day the valuation expires; null for the sample. */
  validUntil: z.string().nullable(),
  /** The code a person types on /verify, as printed ("VS-7K3M-9Q2P-4H"); null for the sample. */
  verificationCode: z.string().nullable(),
  /**
   * The reliance letters the issuer granted that are still in force: reliance extended to a lender
   * other than the addressee, until a day (ISO 8601 midnight UTC). Granted after issue, so not part of
   * the signed record.
   */
  relianceLetters: z.array(z.object({ lenderName: z.string(), relianceUntil: z.string() })),
});
export type PublicCertificate = z.infer<typeof publicCertificateSchema>;
