import { Plus } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "#web/components/ui/button.tsx";
import { RecentCodes } from "#web/features/codes/components/recent-codes.tsx";
import { RecentScansPanel } from "#web/features/scans/components/recent-scans-panel.tsx";
import { DashboardStats } from "./dashboard-stats";
import { SetupChecklist } from "./setup-checklist";
import { PageTitle } from "#web/components/ui/page-title.tsx";

/**
 * / and /dashboard: the company's numbers, newest codes and latest scans (the router sends admins
 * to /admin). Each part is its own section, from the feature that owns it, so further panels can
 * be added beside them.
 */
export function DashboardPage() {
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <PageTitle>Dashboard</PageTitle>
          <p className="mt-1 text-sm text-slate-600">Your verification codes at a glance.</p>
        </div>
        <Link to="/create-qr" className={buttonClasses()}>
          <Plus aria-hidden="true" /> Create Code
        </Link>
      </header>
      <SetupChecklist />
      <DashboardStats />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <RecentCodes />
        <RecentScansPanel />
      </div>
    </div>
  );
}
