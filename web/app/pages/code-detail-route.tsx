import { useRefreshCode } from "../../features/codes/api/get-code";
import { CodeDetailPage } from "../../features/codes/components/code-detail-page";
import { CodeScanLog } from "../../features/scans/components/code-scan-log";
import { SealsPanel } from "../../features/seals/components/seals-panel";
import { useCurrentCompany } from "../../lib/current-company";

/** The scan log below a code; refreshing it also re-reads the code, so its verification count agrees. */
function ScanLogPanel({ codeId, publicToken }: { codeId: number; publicToken: string }) {
  const refreshCode = useRefreshCode(codeId);
  return <CodeScanLog codeId={codeId} publicToken={publicToken} onRefresh={refreshCode} />;
}

/**
 * /qr/:id: the code's own panels, its sealed report, then its scan history. The company's verification (any member
 * may read it) tells the status panel whether a scan shows "Verified Authentic".
 */
export function CodeDetailRoute() {
  const company = useCurrentCompany();
  return (
    <CodeDetailPage
      issuer={company.data}
      extraPanels={(code) => (
        <>
          <SealsPanel code={code} />
          <ScanLogPanel codeId={code.id} publicToken={code.publicToken} />
        </>
      )}
    />
  );
}
