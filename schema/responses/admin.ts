import type { DescribedCode } from "../code-description";
import type { VerificationStatus } from "../limits";
import type { PublicUser } from "./auth";
import type { CompanyProfile, CompanyRegistration } from "./companies";

/** GET /api/admin/stats: the platform's four dashboard numbers. */
export interface PlatformStats {
  totalUsers: number;
  activeCompanies: number;
  totalQRCodes: number;
  /** Counted scans of real codes since midnight UTC. */
  verificationsToday: number;
  /** Companies whose identity an administrator has not yet reviewed (the verification queue). */
  companiesAwaitingVerification: number;
}

/** A row of GET /api/admin/companies-detailed: the company, its owner's email and its counts. */
export interface AdminCompany extends CompanyProfile, CompanyRegistration {
  /** The owner's email. */
  userEmail: string;
  qrCodeCount: number;
  /** Valuers not deleted by the company. */
  valuerCount: number;
}

/** A code as the company details dialog lists it, named as codeTitle names it. */
export interface AdminCompanyCode extends DescribedCode {
  id: number;
  marketValue: string;
  currency: string;
  valuationDate: Date;
  verificationCount: number;
  isActive: boolean;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface AdminCompanyValuer {
  id: number;
  name: string;
  phone: string | null;
  qualification: string | null;
  isActive: boolean;
}

/**
 * GET /api/admin/companies/:id/details: the company, its newest codes (at most 200; qrCodeCount
 * says how many exist) and its valuers.
 */
/**
 * One identity the firm's codes were issued under (name, registration, email, as frozen on them),
 * with how many codes carry it and how many of those ValuSeal does not vouch for yet. The review
 * screen shows them so an administrator sees every name the firm has used before deciding.
 */
export interface CodeIdentity {
  issuerName: string;
  issuerEmail: string;
  /** "RICS 12345", the body's own name for "Other"; null when the codes carry none. */
  registration: string | null;
  codes: number;
  /** Codes under this identity that are not "Verified Authentic" by the trust rule (ISSUER_TRUST). */
  notVouchedFor: number;
  /** Whether this is the firm's current identity: the one a verification now would record. */
  isCurrent: boolean;
}

export interface AdminCompanyDetails {
  company: AdminCompany;
  qrCodes: AdminCompanyCode[];
  valuers: AdminCompanyValuer[];
  codeIdentities: CodeIdentity[];
}

/** A row of GET /api/admin/users, with the company the user belongs to (none for admins). */
export interface AdminUser extends Omit<PublicUser, "company" | "secondFactor"> {
  updatedAt: Date;
  company: { id: number; name: string } | null;
}

/** One admin change (GET /api/admin/audit-log, always paged): who did what to which user or company, and when. */
export interface AuditLogEntry {
  id: number;
  /** Copied when the change was made, so it survives the actor's deletion. */
  actorEmail: string | null;
  /** "user.deactivated", "company.password_reset", … */
  action: string;
  targetType: string;
  targetId: number | null;
  /** What a reader needs once the target is gone (its email, name, owned companies); never secrets. */
  details: unknown;
  createdAt: Date;
}

/** PATCH /api/admin/companies/:id/status. */
export interface CompanyStatusChanged {
  message: string;
  company: { id: number; isActive: boolean };
}

/**
 * PATCH /api/admin/companies/:id/verification: "Company verified" or "Company not verified", and
 * the decision as stored.
 */
export interface CompanyVerificationChanged {
  message: string;
  company: {
    id: number;
    verificationStatus: VerificationStatus;
    verifiedAt: Date | null;
    verificationNote: string | null;
  };
}

/** PATCH /api/admin/users/:id/status. */
export interface UserStatusChanged {
  message: string;
  user: { id: number; isActive: boolean };
}

/** PATCH /api/admin/users/bulk-status: `message` counts the users changed ("3 users deactivated"). */
export interface UsersStatusChanged {
  message: string;
  updated: number;
}

/** DELETE /api/admin/users/bulk-delete: `message` counts the users deleted ("3 users deleted"). */
export interface UsersDeleted {
  message: string;
  deleted: number;
}
