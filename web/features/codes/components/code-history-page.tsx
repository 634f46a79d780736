import { Plus, QrCode } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { ExportButton } from "#web/components/ui/export-button.tsx";
import { exportCodes } from "../api/export-codes";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { SkeletonRows } from "#web/components/ui/skeleton.tsx";
import { useCodePage, type CodeFilters } from "../api/list-codes";
import { CodeHistoryTable } from "./code-history-table";
import { HistoryFilters } from "./history-filters";
import { PageTitle } from "#web/components/ui/page-title.tsx";

/** The applied filters and page live in the address, so a filtered page can be reloaded or shared. */
function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const filters: CodeFilters = {
    search: params.get("search") ?? "",
    propertyType: params.get("propertyType") ?? "",
    date: params.get("date") ?? "",
    purpose: params.get("purpose") ?? "",
    status: params.get("status") ?? "",
  };
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const update = (next: CodeFilters & { page: number }) =>
    setParams(
      Object.fromEntries(
        Object.entries({ ...next, page: next.page > 1 ? String(next.page) : "" }).filter(([, value]) => value),
      ),
    );
  return { filters, page, update };
}

/** /qr-history: every code of the company, filtered and paged by the server. */
export function CodeHistoryPage() {
  const { filters, page, update } = useHistoryParams();
  const codes = useCodePage({ ...filters, page });
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <PageTitle>QR History</PageTitle>
          <p className="mt-1 text-sm text-slate-600">
            Find a code again by address, reference, verification code, property type, valuation date, purpose or
            status.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* The file holds every code the applied filters match, not only this page. */}
          <ExportButton download={() => exportCodes(filters)} fallbackName="codes.csv" />
          <Link to="/create-qr" className={buttonClasses({ variant: "secondary" })}>
            <Plus aria-hidden="true" /> Create Code
          </Link>
        </div>
      </header>
      <Card className="p-4">
        <HistoryFilters
          key={JSON.stringify(filters)}
          applied={filters}
          onApply={(next) => update({ ...next, page: 1 })}
        />
      </Card>
      <Card aria-busy={codes.isFetching}>
        {codes.isPending ? (
          <SkeletonRows label="Loading QR codes" rows={5} />
        ) : codes.isError ? (
          <EmptyState title="QR codes could not be loaded" description={codes.error.message} />
        ) : codes.data.items.length === 0 ? (
          <EmptyState
            icon={QrCode}
            title="No QR codes found"
            description={
              filtered ? "No code matches these filters. Try other filters." : "Codes you create will appear here."
            }
          />
        ) : (
          <>
            <CodeHistoryTable codes={codes.data.items} />
            <Pagination
              label="QR code pages"
              page={codes.data.page}
              pageSize={codes.data.pageSize}
              total={codes.data.total}
              onPageChange={(next) => update({ ...filters, page: next })}
            />
          </>
        )}
      </Card>
    </div>
  );
}
