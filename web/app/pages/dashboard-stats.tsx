import { CalendarDays, QrCode, ScanLine, Users } from "lucide-react";
import { StatCard } from "#web/components/ui/stat-card.tsx";
import { useCodeStats } from "#web/features/codes/api/code-stats.ts";
import { useValuers } from "#web/features/valuers/api/list-valuers.ts";

/** The four stat cards: the code numbers from the stats call, Valuers from the valuers list. */
export function DashboardStats() {
  const stats = useCodeStats();
  const valuers = useValuers();
  return (
    <section aria-label="Statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total Codes" icon={<QrCode />} isLoading={stats.isPending} value={stats.data?.totalQRCodes} />
      <StatCard label="This Month" icon={<CalendarDays />} isLoading={stats.isPending} value={stats.data?.thisMonth} />
      <StatCard label="Valuers" icon={<Users />} isLoading={valuers.isPending} value={valuers.data?.length} />
      <StatCard
        label="Verifications"
        icon={<ScanLine />}
        isLoading={stats.isPending}
        value={stats.data?.verifications}
      />
    </section>
  );
}
