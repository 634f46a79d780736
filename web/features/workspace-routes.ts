// The signed-in company workspace: one lazy chunk, never downloaded by anonymous visitors or scanners.
export { DashboardPage } from "./dashboard/components/dashboard-page";
export { CreateCodePage } from "./codes/components/create-code-page";
export { CodeHistoryPage } from "./codes/components/code-history-page";
export { CodeDetailPage } from "./codes/components/code-detail-page";
export { ValuersPage } from "./valuers/components/valuers-page";
export { ProfileSettingsPage } from "./settings/components/profile-settings-page";
export { CompanyDetailsPage } from "./settings/components/company-details-page";
