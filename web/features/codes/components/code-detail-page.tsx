import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import type { QrCodeWithImage } from "#schema/responses/index.ts";
import { PageTitle } from "#web/components/ui/page-title.tsx";
import { InlineLoading } from "#web/components/ui/spinner.tsx";
import { formatDate } from "#web/lib/format.ts";
import { useCode } from "../api/get-code";
import { codeTitle } from "../lib/describe-code";
import { CodeImagePanel } from "./code-image-panel";
import { CodeNotFound } from "./code-not-found";
import { CodePropertyDetails } from "./code-property-details";
import { CodeReliancePanel } from "./code-reliance-panel";
import { CodeStatusPanel, type IssuerStanding } from "./code-status-panel";

interface Props {
  /** Panels shown below the code's own, such as its scan log: web/app composes them in. */
  extraPanels?: (code: QrCodeWithImage) => ReactNode;
  /** The company's verification, which decides what a scan of a valid code shows (web/app reads it). */
  issuer?: IssuerStanding;
}

/**
 * /qr/:id: the image panel beside the property details and status. Each panel takes the code, so
 * further panels are added without touching these.
 */
export function CodeDetailPage({ extraPanels, issuer }: Props) {
  const { id = "" } = useParams();
  const code = useCode(id);
  if (code.isPending) return <InlineLoading label="Loading QR code" />;
  // Any error reading one code means it is not found (404 for a missing or foreign id).
  if (code.isError) return <CodeNotFound />;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <Link
          to="/qr-history"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          QR History
        </Link>
        <PageTitle className="mt-2 break-words">{codeTitle(code.data)}</PageTitle>
        <p className="mt-1 text-sm text-slate-600">Created {formatDate(code.data.createdAt)}</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <CodeImagePanel code={code.data} />
        <div className="space-y-6">
          <CodePropertyDetails code={code.data} />
          <CodeStatusPanel code={code.data} issuer={issuer} />
          <CodeReliancePanel codeId={code.data.id} />
        </div>
      </div>
      {extraPanels?.(code.data)}
    </div>
  );
}
