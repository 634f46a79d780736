import { useQueryClient } from "@tanstack/react-query";
import { CODE_SCANS_LIMIT } from "../../../../schema/validation/scans";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { SectionCard } from "../../../components/ui/section-card";
import { InlineLoading } from "../../../components/ui/spinner";
import { codeKey } from "../../codes/api/get-code";
import { useCodeScans, type CodeScans } from "../api/code-scans";
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
 * The code's scan log (issue 4): who scanned it, roughly where, on what kind of device, and how
 * often per day. Refresh also re-reads the code so its verification count agrees with the log.
 */
export function CodeScanLog({ codeId }: { codeId: number }) {
  const queryClient = useQueryClient();
  const scans = useCodeScans(codeId);
  const refresh = () => {
    void scans.refetch();
    void queryClient.invalidateQueries({ queryKey: codeKey(codeId) });
  };
  return (
    <SectionCard
      title="Scan History"
      description={`The latest ${CODE_SCANS_LIMIT} counted scans. Link previews and search engine crawlers are not counted.`}
      actions={
        <Button variant="secondary" size="sm" onClick={refresh} disabled={scans.isFetching}>
          {scans.isFetching && !scans.isPending ? "Refreshing..." : "Refresh"}
        </Button>
      }
    >
      {scans.isPending ? (
        <InlineLoading label="Loading scans..." />
      ) : scans.isError ? (
        <EmptyState title="Scans could not be loaded" description={scans.error.message} />
      ) : scans.data.scans.length === 0 ? (
        <EmptyState
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
