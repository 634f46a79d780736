/**
 * Addresses of screens that both the web app's links and the Worker's emails point at, so a
 * checklist step, a notice and an email land on the same section.
 */
export const COMPANY_SETTINGS_PATHS = {
  company: "/settings/company",
  verification: "/settings/company/verification",
  team: "/settings/company/team",
  alerts: "/settings/company/alerts",
  developers: "/settings/company/developers",
  data: "/settings/company/data",
} as const;

export type CompanySettingsSection = keyof typeof COMPANY_SETTINGS_PATHS;

/** One webhook endpoint's page: its events, secret, test event and delivery log. */
export const webhookEndpointPath = (endpointId: string) =>
  `${COMPANY_SETTINGS_PATHS.developers}/webhooks/${encodeURIComponent(endpointId)}`;

/** The Billing screen (balance, packs, purchases, receipts, ledger) and one purchase's page. */
export const BILLING_PATH = "/billing";
export const purchasePath = (purchaseId: string) => `${BILLING_PATH}/purchases/${encodeURIComponent(purchaseId)}`;
