/**
 * GET and PUT /api/companies/current: everything about the company a member may see, including
 * where scan alerts go. The webhook's signing secret is never part of it.
 */
export interface CurrentCompany {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  location: string | null;
  ownerId: number;
  isActive: boolean;
  webhookUrl: string | null;
  webhookLastStatus: string | null;
  webhookLastAttemptAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
