import { ScanLine } from "lucide-react";
import { REPEAT_SCAN_WINDOW_MINUTES } from "#schema/limits/scans.ts";
import type { CodeScans } from "#schema/responses/index.ts";
import { CODE_SCANS_LIMIT } from "#schema/validation/scans.ts";
import { Button } from "#web/components/ui/button.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { ExportButton } from "#web/components/ui/export-button.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { SkeletonRows } from "#web/components/ui/skeleton.tsx";
import { useCodeScans } from "../api/code-scans";
import { exportCodeScans } from "../api/export-scans";
import { ScanChart } from "./scan-chart";
import { ScansTable } from "./scans-table";

function ScanFigures({ data }: { data: CodeScans }) {
  const lastMonth = data.daily.reduce((sum, day) => sum + day.count, 0);
  const figures: [string, number][] = [
    ["Unique scanners", data.uniqueScanners],
    [`Scans in the last ${data.daily.length} days`, lastMonth],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-md bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="text-xl font-bold text-slate-900">{value.toLocaleString("en-GB")}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The code's scan log: who scanned it, roughly where, on what kind of device, and how often per
 * day. Refresh re-reads the log and calls `onRefresh`, so the page can re-read what depends on it
 * (the code's verification count).
 */
export function CodeScanLog({
  codeId,
  publicToken,
  onRefresh,
}: {
  codeId: number;
  /** The code's id in its address: the scans export names the code by it. */
  publicToken: string;
  onRefresh?: () => void;
}) {
  const scans = useCodeScans(codeId);
  const refresh = () => {
    void scans.refetch();
    onRefresh?.();
  };
  return (
    <SectionCard
      title="Scan History"
      description={`The latest ${CODE_SCANS_LIMIT} visits. Link previews, crawlers and the same visitor again within ${REPEAT_SCAN_WINDOW_MINUTES} minutes are listed but not counted.`}
      actions={
        <div className="flex flex-wrap gap-2">
          {/* Every scan of the code, not only the latest shown here. */}
          <ExportButton download={() => exportCodeScans(publicToken)} fallbackName="scans.csv" />
          <Button variant="secondary" size="sm" onClick={refresh} disabled={scans.isFetching}>
            {scans.isFetching && !scans.isPending ? "Refreshing..." : "Refresh"}
          </Button>
        </div>
      }
    >
      {scans.isPending ? (
        <SkeletonRows label="Loading scans..." className="p-0 sm:p-0" />
      ) : scans.isError ? (
        <EmptyState title="Scans could not be loaded" description={scans.error.message} />
      ) : scans.data.scans.length === 0 ? (
        <EmptyState
          icon={ScanLine}
          title="No scans yet"
          description="When someone scans this code, the time, place and device appear here."
        />
      ) : (
        <div className="space-y-6">
          <ScanFigures data={scans.data} />
          <ScanChart days={scans.data.daily} />
          <ScansTable scans={scans.data.scans} />
        </div>
      )}
    </SectionCard>
  );
}
