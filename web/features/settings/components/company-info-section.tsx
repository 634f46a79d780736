import type { CurrentCompany } from "#schema/responses/index.ts";
import { CompanyDetailsForm } from "./company-details-form";
import { CompanySection } from "./company-section";
import { DetailList } from "#web/components/ui/detail-list.tsx";
import { PendingEmailNotice } from "./pending-email-notice";

function CompanyDetailsView({ company, noun }: { company: CurrentCompany; noun: string }) {
  return (
    <DetailList
      rows={[
        [`${noun} Name`, company.name],
        [`${noun} Email`, company.email],
        [`${noun} Phone`, company.phone],
        [`${noun} Location`, company.location],
      ]}
    />
  );
}

/**
 * Company information: editable by the owner, read-only for members; a new email waits for
 * confirmation. A firm's is shown on its certificates; a lender's name is what a certificate's
 * "Prepared For" is compared with when the lender relies on it.
 */
export function CompanyInfoSection({ isOwner, isLender = false }: { isOwner: boolean; isLender?: boolean }) {
  const use = isLender
    ? "Certificates prepared for your institution are matched by this name."
    : "Shown on your verification certificates.";
  const noun = isLender ? "Institution" : "Company";
  return (
    <CompanySection
      title={`${noun} Information`}
      description={
        isOwner
          ? `${use} Only you, as the owner, can change it.`
          : `${use} Only the ${noun.toLowerCase()}'s owner can change it.`
      }
      loadingLabel="Loading company details..."
    >
      {(company) => (
        <>
          {company.pendingEmail && (
            <PendingEmailNotice>
              Waiting for {company.pendingEmail.email} to confirm — the company email stays {company.email} until then.
            </PendingEmailNotice>
          )}
          {isOwner ? (
            <CompanyDetailsForm company={company} isLender={isLender} />
          ) : (
            <CompanyDetailsView company={company} noun={noun} />
          )}
        </>
      )}
    </CompanySection>
  );
}
