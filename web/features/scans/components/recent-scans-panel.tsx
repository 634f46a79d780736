import { Link } from "react-router";
import { codeReferenceLine, codeTitle, isMotorVehicle } from "#schema/code-description.ts";
import type { RecentScan } from "#schema/responses/index.ts";
import { RECENT_SCANS_DEFAULT } from "#schema/limits/scans.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { InlineLoading } from "#web/components/ui/spinner.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { useRecentScans } from "../api/recent-scans";
import { deviceLabel, placeLabel } from "../lib/scan-labels";

/** An address names a property on its own; a vehicle's description needs its reference number beside it. */
function RecentScanItem({ scan }: { scan: RecentScan }) {
  const reference = isMotorVehicle(scan.code) ? codeReferenceLine(scan.code) : null;
  return (
    <li className="py-3">
      <Link to={`/qr/${scan.code.id}`} className="break-words font-medium text-brand-700 hover:underline">
        {codeTitle(scan.code)}
      </Link>
      {reference && <p className="break-words text-sm text-slate-600">{reference}</p>}
      <p className="mt-0.5 flex flex-wrap gap-x-2 text-sm text-slate-600">
        <time dateTime={scan.at}>{formatDateTime(scan.at)}</time>
        <span aria-hidden="true">·</span>
        <span>
          <span className="sr-only">Place: </span>
          {placeLabel(scan)}
        </span>
        <span aria-hidden="true">·</span>
        <span>
          <span className="sr-only">Device: </span>
          {deviceLabel(scan.deviceClass)}
        </span>
      </p>
    </li>
  );
}

/** Dashboard: the latest scans of the company's codes, refreshed every minute and on return to the tab. */
export function RecentScansPanel() {
  const scans = useRecentScans(RECENT_SCANS_DEFAULT);
  return (
    <SectionCard title="Recent Scans" description="Updated every minute and whenever you come back to this page.">
      {scans.isPending ? (
        <InlineLoading label="Loading recent scans..." />
      ) : scans.isError ? (
        <EmptyState title="Recent scans could not be loaded" description={scans.error.message} />
      ) : scans.data.length === 0 ? (
        <EmptyState
          title="No scans yet"
          description="When someone scans one of your codes, it appears here within a minute."
        />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Recent scans">
          {scans.data.map((scan, index) => (
            <RecentScanItem key={`${scan.at}-${scan.code.id}-${index}`} scan={scan} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
