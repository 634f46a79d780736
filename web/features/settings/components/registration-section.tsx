import type { CurrentCompany } from "#schema/responses/index.ts";
import { CompanySection } from "./company-section";
import { DetailList } from "#web/components/ui/detail-list.tsx";
import { RegistrationForm } from "./registration-form";
import { IssuerReviewStatus } from "./issuer-review-status";

function RegistrationView({ company }: { company: CurrentCompany }) {
  const body = company.registrationBody === "Other" ? company.registrationBodyName : company.registrationBody;
  return (
    <DetailList
      rows={[
        ["Professional body", body],
        ["Registration number", company.registrationNumber],
        ["Note", company.registrationNote],
      ]}
    />
  );
}

/**
 * The firm's professional registration and where ValuSeal's check of it stands: certificates read
 * "Verified Authentic" only once ValuSeal has verified the firm.
 */
export function RegistrationSection({ isOwner }: { isOwner: boolean }) {
  return (
    <CompanySection
      title="Professional registration"
      description="ValuSeal checks your firm's identity and its registration with a professional body before your certificates show “Verified Authentic”. Changing the company name or registration of a verified firm sends it back for review."
      loadingLabel="Loading registration..."
    >
      {(company) => (
        <>
          <IssuerReviewStatus company={company} />
          {isOwner ? <RegistrationForm company={company} /> : <RegistrationView company={company} />}
        </>
      )}
    </CompanySection>
  );
}
