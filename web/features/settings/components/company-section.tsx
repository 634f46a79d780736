import type { ReactNode } from "react";
import type { CurrentCompany, Json } from "../../../../schema/responses";
import { useRedirectOnUnauthorizedQuery } from "../../../components/ui/failure-toast";
import { LoadFailed } from "../../../components/ui/load-failed";
import { SectionCard } from "../../../components/ui/section-card";
import { InlineLoading } from "../../../components/ui/spinner";
import { useCurrentCompany } from "../api/current-company";

interface CompanySectionProps {
  title: string;
  description: ReactNode;
  loadingLabel: string;
  children: (company: Json<CurrentCompany>) => ReactNode;
}

/** A Company Details card drawn from the company record, with its loading and failure states. */
export function CompanySection({ title, description, loadingLabel, children }: CompanySectionProps) {
  const company = useCurrentCompany();
  useRedirectOnUnauthorizedQuery(company.error);
  return (
    <SectionCard title={title} description={description}>
      {company.isPending ? (
        <InlineLoading label={loadingLabel} />
      ) : company.isError ? (
        <LoadFailed title="Failed to load company details" onRetry={() => void company.refetch()} />
      ) : (
        children(company.data)
      )}
    </SectionCard>
  );
}
