import type { ReactNode } from "react";
import type { CurrentCompany } from "../../../../schema/responses";
import { useRedirectOnUnauthorizedQuery } from "../../../components/ui/failure-toast";
import { QueryContent } from "../../../components/ui/query-content";
import { SectionCard } from "../../../components/ui/section-card";
import { useCurrentCompany } from "../../../lib/current-company";

interface CompanySectionProps {
  title: string;
  description: ReactNode;
  loadingLabel: string;
  children: (company: CurrentCompany) => ReactNode;
}

/** A Company Details card drawn from the company record, with its loading and failure states. */
export function CompanySection({ title, description, loadingLabel, children }: CompanySectionProps) {
  const company = useCurrentCompany();
  useRedirectOnUnauthorizedQuery(company.error);
  return (
    <SectionCard title={title} description={description}>
      <QueryContent query={company} loadingLabel={loadingLabel} failureTitle="Failed to load company details">
        {children}
      </QueryContent>
    </SectionCard>
  );
}
