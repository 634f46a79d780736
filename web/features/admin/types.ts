import type { SessionUser } from "../auth/types";
/** Answers of the /api/admin routes (SPEC 3 and 7), as the admin screens read them. */

/** A page of a paged admin list: `items` plus where they sit in the whole list. */
export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export interface AdminStats {
  totalUsers: number;
  activeCompanies: number;
  totalQRCodes: number;
  verificationsToday: number;
}

/** A row of GET /api/admin/companies-detailed: the company, its owner's email and its counts. */
export interface AdminCompany {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  location: string | null;
  ownerId: number;
  userEmail: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  qrCodeCount: number;
  valuerCount: number;
}

export interface AdminCompanyCode {
  id: number;
  propertyAddress: string;
  propertyReference: string | null;
  propertyType: string;
  marketValue: string;
  currency: string;
  valuationDate: string;
  verificationCount: number;
  isActive: boolean;
  revokedAt: string | null;
  createdAt: string;
}

export interface AdminCompanyValuer {
  id: number;
  name: string;
  phone: string | null;
  qualification: string | null;
  isActive: boolean;
}

/** GET /api/admin/companies/{id}/details: what the View dialog shows. */
export interface AdminCompanyDetails {
  company: AdminCompany;
  qrCodes: AdminCompanyCode[];
  valuers: AdminCompanyValuer[];
}

/** A row of GET /api/admin/users, with the company the user belongs to (none for admins). */
export interface AdminUser extends Omit<SessionUser, "company"> {
  updatedAt: string;
  company: { id: number; name: string } | null;
}

/** One admin change: who did what to which user or company, and when. */
export interface AuditEntry {
  id: number;
  /** Copied when the change was made, so it survives the actor's deletion. */
  actorEmail: string | null;
  /** "user.deactivated", "company.password_reset", … */
  action: string;
  targetType: string;
  targetId: number | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}

/** The answer of the bulk routes; the toast shows `message` as it is ("3 users deactivated"). */
export interface BulkResult {
  message: string;
}
