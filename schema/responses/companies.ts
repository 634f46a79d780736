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
 * GET and PUT /api/companies/current: everything about the company a member may see, including
 * where scan alerts go. The webhook's signing secret is never part of it.
 */
export interface CurrentCompany extends CompanyProfile {
  webhookUrl: string | null;
  webhookLastStatus: string | null;
  webhookLastAttemptAt: Date | null;
}
