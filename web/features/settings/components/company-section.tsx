import type { ReactNode } from "react";
import type { CurrentCompany } from "#schema/responses/index.ts";
import { useRedirectOnUnauthorizedQuery } from "#web/components/ui/failure-toast.ts";
import { QueryContent } from "#web/components/ui/query-content.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { useCurrentCompany } from "#web/lib/current-company.ts";

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
