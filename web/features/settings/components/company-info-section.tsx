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

/**
 * Company information: editable by the owner, read-only for members; a new email waits for
 * confirmation. A firm's is shown on its certificates; a lender's name is what a certificate's
 * "Prepared For" is compared with when the lender relies on it.
 */
export function CompanyInfoSection({ isOwner, isLender = false }: { isOwner: boolean; isLender?: boolean }) {
  const use = isLender
    ? "Certificates prepared for your institution are matched by this name."
    : "Shown on your verification certificates.";
  return (
    <CompanySection
      title="Company Information"
      description={
        isOwner ? `${use} Only you, as the owner, can change it.` : `${use} Only the company owner can change it.`
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
