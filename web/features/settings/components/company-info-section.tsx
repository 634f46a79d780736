import type { CurrentCompany } from "../../../../schema/responses";
import { CompanyDetailsForm } from "./company-details-form";
import { CompanySection } from "./company-section";
import { DetailList } from "../../../components/ui/detail-list";
import { PendingEmailNotice } from "./pending-email-notice";

function CompanyDetailsView({ company }: { company: CurrentCompany }) {
  return (
    <DetailList
      rows={[
        ["Company Name", company.name],
        ["Company Email", company.email],
        ["Company Phone", company.phone],
        ["Company Location", company.location],
      ]}
    />
  );
}

/** Company information: editable by the owner, read-only for members; a new email waits for confirmation. */
export function CompanyInfoSection({ isOwner }: { isOwner: boolean }) {
  return (
    <CompanySection
      title="Company Information"
      description={
        isOwner
          ? "Shown on your verification certificates. Only you, as the owner, can change it."
          : "Shown on your verification certificates. Only the company owner can change it."
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
          {isOwner ? <CompanyDetailsForm company={company} /> : <CompanyDetailsView company={company} />}
        </>
      )}
    </CompanySection>
  );
}
