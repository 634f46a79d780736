import { FileCheck2 } from "lucide-react";
import type { QrCode } from "#schema/responses/index.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { QueryContent } from "#web/components/ui/query-content.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { useSeals } from "../api/seals";
import { SealReportButton } from "./seal-report-button";

/**
 * The code's sealed reports, newest first: each version with when, by whom and how many pages. A
 * corrected report is sealed again as the next version; a check of a copy says which one it is.
 */
export function SealsPanel({ code }: { code: QrCode }) {
  const seals = useSeals(code.id);
  return (
    <SectionCard
      title="Sealed report"
      description="The final PDF with this code stamped on every page. Anyone holding a copy can check it page by page from the certificate."
      actions={<SealReportButton code={code} />}
    >
      <QueryContent
        query={seals}
        loadingLabel="Loading sealed versions..."
        failureTitle="Failed to load sealed versions"
      >
        {(versions) =>
          versions.length === 0 ? (
            <EmptyState
              icon={FileCheck2}
              title="Not sealed yet"
              description={
                code.revokedAt
                  ? "A revoked code cannot seal a report."
                  : "Seal the final report PDF: every page gets this code, and any copy can be checked against it."
              }
            />
          ) : (
            <ol className="divide-y divide-line" aria-label="Sealed versions, newest first">
              {versions.map((seal, index) => (
                <li key={seal.version} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                  <span className="font-medium text-slate-900">
                    Version {seal.version}
                    {index === 0 && versions.length > 1 && <span className="ml-2 text-sm text-green-700">latest</span>}
                  </span>
                  <span className="text-sm text-slate-600">
                    {seal.pageCount} {seal.pageCount === 1 ? "page" : "pages"} · sealed {formatDateTime(seal.sealedAt)}
                    {seal.sealedBy ? ` by ${seal.sealedBy}` : ""}
                  </span>
                </li>
              ))}
            </ol>
          )
        }
      </QueryContent>
    </SectionCard>
  );
}
