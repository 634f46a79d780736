/** The product's public identity, used by the landing page, the shell and the legal pages. */
export const BRAND = {
  name: "ValuSeal",
  postalAddress: ["ValuSeal Ltd", "71-75 Shelton Street", "Covent Garden", "London WC2H 9JQ", "United Kingdom"],
  mailboxes: {
    privacy: "privacy@valuseal.com",
    legal: "legal@valuseal.com",
    support: "support@valuseal.com",
  },
  /**
   * When each legal page last changed: the specification dates both January 2025; the privacy
   * policy changed when it began saying what scans keep and for how long (decision 064).
   */
  legalLastUpdated: { terms: "January 2025", privacy: "December 2026" },
} as const;
