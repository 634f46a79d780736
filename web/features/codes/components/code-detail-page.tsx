import { Link, useParams } from "react-router";
import { InlineLoading } from "../../../components/ui/spinner";
import { formatDate } from "../../../lib/format";
import { CodeScanLog } from "../../scans/components/code-scan-log";
import { useCode } from "../api/get-code";
import { codeTitle } from "../types";
import { CodeImagePanel } from "./code-image-panel";
import { CodeNotFound } from "./code-not-found";
import { CodePropertyDetails } from "./code-property-details";
import { CodeStatusPanel } from "./code-status-panel";

/**
 * /qr/:id: the image panel beside the property details. Each panel takes the code, so further
 * panels (status, scans) are added to the grid without touching these.
 */
export function CodeDetailPage() {
  const { id = "" } = useParams();
  const code = useCode(id);
  if (code.isPending) return <InlineLoading label="Loading QR code" />;
  // SPEC 7: any error reading one code means it is not found (404 for a missing or foreign id).
  if (code.isError) return <CodeNotFound />;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <Link to="/qr-history" className="text-sm font-medium text-blue-700 hover:underline">
          ← QR History
        </Link>
        <h1 className="mt-2 break-words text-2xl font-bold text-slate-900">{codeTitle(code.data)}</h1>
        <p className="mt-1 text-sm text-slate-600">Created {formatDate(code.data.createdAt)}</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <CodeImagePanel code={code.data} />
        <div className="space-y-6">
          <CodePropertyDetails code={code.data} />
          <CodeStatusPanel code={code.data} />
        </div>
      </div>
      <CodeScanLog codeId={code.data.id} />
    </div>
  );
}
