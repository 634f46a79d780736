/** The product's public identity, used by the landing page, the shell and the legal pages. */
export const BRAND = {
  name: "ValuSeal",
  postalAddress: ["ValuSeal Ltd", "71-75 Shelton Street", "Covent Garden", "London WC2H 9JQ", "United Kingdom"],
  mailboxes: {
    privacy: "privacy@valuseal.com",
    legal: "legal@valuseal.com",
    support: "support@valuseal.com",
  },
  legalLastUpdated: "January 2025",
} as const;
