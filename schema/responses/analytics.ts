/** GET /api/analytics/stats: the company's dashboard numbers. */
export interface CompanyStats {
  totalQRCodes: number;
  /** Codes created since the start of the current month. */
  thisMonth: number;
  /** Counted scans of all the company's codes. */
  verifications: number;
  /** Whether any of the company's reports has been sealed (the last step of the dashboard's setup checklist). */
  hasSealedReport: boolean;
}
