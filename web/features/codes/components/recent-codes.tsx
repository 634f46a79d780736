import { QrCode as QrCodeIcon } from "lucide-react";
import { Link } from "react-router";
import { RECENT_CODES_LIMIT } from "#schema/limits/codes.ts";
import type { QrCode } from "#schema/responses/index.ts";
import { buttonClasses } from "#web/components/ui/button.tsx";
import { Badge } from "#web/components/ui/card.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { SkeletonRows } from "#web/components/ui/skeleton.tsx";
import { formatDate, formatMoney } from "#web/lib/format.ts";
import { useRecentCodes } from "../api/list-codes";
import { codeTitle } from "../lib/describe-code";
import { CodeStatusBadge, ScanVerdict } from "./code-status-badge";

function RecentCodeItem({ code }: { code: QrCode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{codeTitle(code)}</p>
        <p className="text-sm text-slate-600">
          <span className="sr-only">Valuation date </span>
          {formatDate(code.valuationDate, "short")}
        </p>
        <CodeStatusBadge status={code.status} className="mt-1" />
        <ScanVerdict code={code} className="mt-1" />
      </div>
      <div className="flex items-center gap-3">
        <p className="text-sm font-medium text-slate-900">
          <span className="sr-only">Market value </span>
          {formatMoney(code.marketValue, code.currency)} <Badge tone="slate">{code.currency}</Badge>
        </p>
        <Link
          to={`/qr/${code.id}`}
          className="text-sm font-medium text-brand-700 hover:underline"
          aria-label={`View ${codeTitle(code)}`}
        >
          View
        </Link>
      </div>
    </li>
  );
}

/** The dashboard's RECENT_CODES_LIMIT newest codes with a View link each, or the empty state with a prompt to create one. */
export function RecentCodes() {
  const codes = useRecentCodes(RECENT_CODES_LIMIT);
  return (
    <SectionCard
      title="Recent Codes"
      actions={
        <Link to="/qr-history" className="text-sm font-medium text-brand-700 hover:underline">
          View all
        </Link>
      }
    >
      {codes.isPending ? (
        <SkeletonRows label="Loading recent codes" className="p-0 sm:p-0" />
      ) : codes.isError ? (
        <EmptyState title="Recent codes could not be loaded" description={codes.error.message} />
      ) : codes.data.length === 0 ? (
        <EmptyState
          icon={QrCodeIcon}
          title="No verification codes yet"
          description="Create your first code to verify a valuation report."
          action={
            <Link to="/create-qr" className={buttonClasses()}>
              Create your first code
            </Link>
          }
        />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Recent codes">
          {codes.data.map((code) => (
            <RecentCodeItem key={code.id} code={code} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
