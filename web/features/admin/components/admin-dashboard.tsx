import { Building2, Hourglass, QrCode, ScanLine, Users } from "lucide-react";
import { Link } from "react-router";
import { Card } from "#web/components/ui/card.tsx";
import { StatCard } from "#web/components/ui/stat-card.tsx";
import { useAdminStats } from "../api/admin-stats";
import { AuditLogTable } from "./audit-log-table";
import { SystemHealthCard } from "./system-health-card";
import { TitleConflictsCard } from "./title-conflicts-card";

const RECENT_ACTIVITY_SIZE = 5;

function PlatformStats() {
  const stats = useAdminStats();
  const cards = [
    { label: "Total Users", value: stats.data?.totalUsers, icon: <Users /> },
    { label: "Active Companies", value: stats.data?.activeCompanies, icon: <Building2 /> },
    { label: "Total QR Codes", value: stats.data?.totalQRCodes, icon: <QrCode /> },
    { label: "Verifications Today", value: stats.data?.verificationsToday, icon: <ScanLine /> },
  ];
  return (
    <section aria-label="Platform statistics" className="space-y-2">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {cards.map((card) => (
          <StatCard key={card.label} {...card} isLoading={stats.isPending} />
        ))}
        {/* The review queue: the card opens the companies list filtered to those awaiting verification. */}
        <Link
          to="/admin/companies?verification=pending"
          className="block rounded-card hover:ring-2 hover:ring-brand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <StatCard
            label="Awaiting verification"
            value={stats.data?.companiesAwaitingVerification}
            isLoading={stats.isPending}
            icon={<Hourglass />}
          />
        </Link>
      </div>
      {stats.isError && (
        <p role="alert" className="text-sm text-red-600">
          The statistics could not be loaded. Reload the page to try again.
        </p>
      )}
    </section>
  );
}

/** /admin: the system's health, the platform numbers, the latest admin changes, and same-title valuations that differ. */
export function AdminDashboard() {
  return (
    <>
      <SystemHealthCard />
      <PlatformStats />
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 className="font-semibold text-slate-900">Recent admin activity</h2>
          <Link to="/admin/settings" className="text-sm font-medium text-brand-700 hover:underline">
            View full audit log
          </Link>
        </div>
        <AuditLogTable pageSize={RECENT_ACTIVITY_SIZE} paginated={false} />
      </Card>
      <TitleConflictsCard />
    </>
  );
}
