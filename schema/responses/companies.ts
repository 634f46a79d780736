import type { RegistrationBody, ScanAlertMode, VerificationStatus } from "../limits";
import type { PendingEmailChange } from "./auth";

/** The firm's professional registration and where ValuSeal's check of it stands. */
export interface CompanyRegistration {
  registrationBody: RegistrationBody | null;
  /** The body's name when registrationBody is "Other". */
  registrationBodyName: string | null;
  registrationNumber: string | null;
  registrationNote: string | null;
  verificationStatus: VerificationStatus;
  /** When an administrator verified the firm; null unless verified (or awaiting re-review). */
  verifiedAt: Date | null;
  /** The administrator's note on the latest decision. */
  verificationNote: string | null;
}

/** A company's own record: its name and contact details, its owner, and whether it is active. */
export interface CompanyProfile {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  location: string | null;
  ownerId: number;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * GET and PUT /api/companies/current: everything about the company a member may see. Its webhook
 * endpoints are listed at /api/webhooks.
 */
export interface CurrentCompany extends CompanyProfile, CompanyRegistration {
  /** Scan alerts by email: one per scan, a daily digest at 08:00 in `timeZone`, or none. */
  scanAlertMode: ScanAlertMode;
  timeZone: string;
  /** Days a new code stays valid after its valuation date (VALIDITY_DAYS). */
  validityDays: number;
  /** The owner's rule that every member signs in with two-step sign-in. */
  requireSecondFactor: boolean;
  /** A new company email awaiting confirmation by that address; the company's email is unchanged until then. */
  pendingEmail: PendingEmailChange | null;
}
