// The signed-in company workspace but its dashboard (its own chunk: web/app/screen-chunks.ts): one
// lazy chunk, never downloaded by anonymous visitors or scanners.
export { CreateCodeRoute } from "./pages/create-code-route";
export { CodeBatchRoute } from "./pages/code-batch-route";
export { CodeHistoryPage } from "../features/codes/components/code-history-page";
export { CodeDetailRoute } from "./pages/code-detail-route";
export { ValuersPage } from "../features/valuers/components/valuers-page";
export { ProfileSettingsPage } from "../features/settings/components/profile-settings-page";
export { CompanyDetailsPage, TeamPage } from "./pages/company-details-page";
export { BillingPage } from "../features/billing/components/billing-page";
export { PurchasePage } from "../features/billing/components/purchase-page";
