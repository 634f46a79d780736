import { useRefreshCode } from "#web/features/codes/api/get-code.ts";
import { CodeDetailPage } from "#web/features/codes/components/code-detail-page.tsx";
import { CodeScanLog } from "#web/features/scans/components/code-scan-log.tsx";
import { SealsPanel } from "#web/features/seals/components/seals-panel.tsx";
import { useCurrentCompany } from "#web/lib/current-company.ts";

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
