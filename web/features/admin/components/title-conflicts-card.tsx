import { useState } from "react";
import type { TitleConflict } from "#schema/responses/index.ts";
import { Card } from "#web/components/ui/card.tsx";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { SkeletonRows } from "#web/components/ui/skeleton.tsx";
import { StatusBadge } from "#web/components/ui/status-badge.tsx";
import { formatDate, formatMoney } from "#web/lib/format.ts";
import { useTitleConflicts } from "../api/title-conflicts";

function ConflictItem({ conflict }: { conflict: TitleConflict }) {
  return (
    <li className="space-y-2 p-4" data-title={conflict.titleNumber}>
      <p className="font-medium break-words text-slate-900">
        Title {conflict.titleNumber}: values {conflict.percent} % apart
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {conflict.codes.map((code) => (
          <li key={code.token} className="space-y-1 rounded-md border border-slate-200 p-3 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <a href={`/v/${code.token}`} className="font-mono font-medium text-brand-700 underline">
                {code.verificationCode}
              </a>
              <StatusBadge status={`code-${code.status}`} />
            </p>
            <p className="break-words text-slate-900">{code.issuerName}</p>
            <p className="text-slate-600">
              {formatMoney(code.marketValue, code.currency)} · valued {formatDate(code.valuationDate)}
            </p>
            <p className="text-slate-600">
              Relied on by {code.institutions} {code.institutions === 1 ? "institution" : "institutions"}
            </p>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The other side of a lender's same-title warning: the lender learns only that another valuation of
 * the title differs; the administrator sees both, with the firms that made them.
 */
export function TitleConflictsCard() {
  const [page, setPage] = useState(1);
  const conflicts = useTitleConflicts(page);
  return (
    <Card aria-busy={conflicts.isFetching}>
      <section aria-labelledby="title-conflicts-heading">
        <div className="border-b border-slate-200 px-4 py-3">
          <h2 id="title-conflicts-heading" className="font-semibold text-slate-900">
            Same title, different values
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Valuations of one title within 6 months whose market values differ by more than 15 %. Lenders relying on
            either are warned without being told who made the other.
          </p>
        </div>
        {conflicts.isPending ? (
          <SkeletonRows label="Loading same-title valuations" rows={2} className="p-4" />
        ) : conflicts.isError ? (
          <p role="alert" className="p-4 text-sm text-red-600">
            The same-title valuations could not be loaded. Reload the page to try again.
          </p>
        ) : conflicts.data.items.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">No two valuations of one title differ that much.</p>
        ) : (
          <>
            <ul aria-label="Same-title valuations" className="divide-y divide-slate-200">
              {conflicts.data.items.map((conflict) => (
                <ConflictItem key={conflict.codes.map((code) => code.token).join("-")} conflict={conflict} />
              ))}
            </ul>
            <Pagination
              label="Same-title pages"
              page={conflicts.data.page}
              pageSize={conflicts.data.pageSize}
              total={conflicts.data.total}
              onPageChange={setPage}
            />
          </>
        )}
      </section>
    </Card>
  );
}
