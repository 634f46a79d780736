import { Landmark } from "lucide-react";
import { Link } from "react-router";
import type { Reliance } from "../../../../schema/responses";
import { buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { LoadFailed } from "../../../components/ui/load-failed";
import { useRedirectOnUnauthorizedQuery } from "../../../components/ui/failure-toast";
import { PageTitle } from "../../../components/ui/page-title";
import { SkeletonRows } from "../../../components/ui/skeleton";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatDate, formatMoney } from "../../../lib/format";
import { useReliances } from "../api/reliances";

/** One relied-on valuation: what it values, its standing, and the loan (its reference masked). */
function RelianceItem({ reliance }: { reliance: Reliance }) {
  const { code } = reliance;
  return (
    <li className="space-y-2 border-b border-line p-4 last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-slate-900">{code.property}</p>
        <StatusBadge status={`code-${code.status}`} />
      </div>
      <p className="text-sm text-slate-600">
        <span className="font-mono">{code.verificationCode}</span> · {code.issuerName}
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-500">Market Value</dt>
          <dd>{formatMoney(code.marketValue, code.currency)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Valid Until</dt>
          <dd>{formatDate(code.validUntil)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Reference</dt>
          <dd className="font-mono">{reliance.maskedReference}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Lent</dt>
          <dd>
            {formatMoney(reliance.amount, reliance.currency)} on {formatDate(reliance.reliedOn)}
          </dd>
        </div>
      </dl>
    </li>
  );
}

const recordLink = (
  <Link to="/reliance/new" className={buttonClasses({})}>
    Record reliance
  </Link>
);

/** /portfolio: the lender's relied-on valuations, newest first. */
export function PortfolioPage() {
  const reliances = useReliances();
  useRedirectOnUnauthorizedQuery(reliances.error);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <PageTitle>Portfolio</PageTitle>
          <p className="mt-1 text-sm text-slate-600">The valuations your loans rely on, and where each stands.</p>
        </div>
        {recordLink}
      </div>
      <Card>
        {reliances.isPending ? (
          <SkeletonRows label="Loading portfolio..." className="p-4" />
        ) : reliances.isError ? (
          <LoadFailed title="Failed to load your portfolio" onRetry={() => reliances.refetch()} />
        ) : reliances.data.length === 0 ? (
          <EmptyState
            icon={Landmark}
            title="No reliance recorded yet"
            description="Record the valuations your loans rely on, and ValuSeal keeps them here with their standing."
            action={recordLink}
          />
        ) : (
          <ul aria-label="Relied-on valuations">
            {reliances.data.map((reliance) => (
              <RelianceItem key={reliance.id} reliance={reliance} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
