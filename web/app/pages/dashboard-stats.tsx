import { CalendarDays, CreditCard, QrCode, ScanLine, Users } from "lucide-react";
import { Link } from "react-router";
import { BILLING_PATH } from "#schema/app-paths.ts";
import { useCreditBalance } from "#web/features/billing/api/billing.ts";
import { StatCard } from "#web/components/ui/stat-card.tsx";
import { useCodeStats } from "#web/features/codes/api/code-stats.ts";
import { useValuers } from "#web/features/valuers/api/list-valuers.ts";

/**
 * The stat cards: the code numbers from the stats call, Valuers from the valuers list, and the
 * credits left (Billing), which open Billing.
 */
export function DashboardStats() {
  const stats = useCodeStats();
  const valuers = useValuers();
  const balance = useCreditBalance();
  return (
    <section aria-label="Statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      <StatCard label="Total Codes" icon={<QrCode />} isLoading={stats.isPending} value={stats.data?.totalQRCodes} />
      <StatCard label="This Month" icon={<CalendarDays />} isLoading={stats.isPending} value={stats.data?.thisMonth} />
      <StatCard label="Valuers" icon={<Users />} isLoading={valuers.isPending} value={valuers.data?.length} />
      <StatCard
        label="Verifications"
        icon={<ScanLine />}
        isLoading={stats.isPending}
        value={stats.data?.verifications}
      />
      <Link to={BILLING_PATH} className="col-span-2 rounded-card lg:col-span-1">
        <StatCard label="Credits" icon={<CreditCard />} isLoading={balance.isPending} value={balance.data} />
      </Link>
    </section>
  );
}
