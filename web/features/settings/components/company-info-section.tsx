import type { CurrentCompany, Json } from "../../../../schema/responses";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { useRedirectOnUnauthorizedQuery } from "../../../components/ui/failure-toast";
import { SectionCard } from "../../../components/ui/section-card";
import { InlineLoading } from "../../../components/ui/spinner";
import { useCurrentCompany } from "../api/current-company";
import { CompanyDetailsForm } from "./company-details-form";

function CompanyDetailsView({ company }: { company: Json<CurrentCompany> }) {
  const rows: Array<[string, string | null]> = [
    ["Company Name", company.name],
    ["Company Email", company.email],
    ["Company Phone", company.phone],
    ["Company Location", company.location],
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm font-medium text-slate-500">{label}</dt>
          <dd className="mt-1 break-words text-slate-900">{value || "N/A"}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Company information: editable by the owner, read-only for members. */
export function CompanyInfoSection({ isOwner }: { isOwner: boolean }) {
  const company = useCurrentCompany();
  useRedirectOnUnauthorizedQuery(company.error);

  return (
    <SectionCard
      title="Company Information"
      description={
        isOwner
          ? "Shown on your verification certificates. Only you, as the owner, can change it."
          : "Shown on your verification certificates. Only the company owner can change it."
      }
    >
      {company.isPending ? (
        <InlineLoading label="Loading company details..." />
      ) : company.isError ? (
        <EmptyState
          title="Failed to load company details"
          action={
            <Button variant="secondary" onClick={() => company.refetch()}>
              Try again
            </Button>
          }
        />
      ) : isOwner ? (
        <CompanyDetailsForm company={company.data} />
      ) : (
        <CompanyDetailsView company={company.data} />
      )}
    </SectionCard>
  );
}
