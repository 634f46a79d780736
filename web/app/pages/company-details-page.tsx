import { ApiKeysSection } from "../../features/settings/components/api-keys-section";
import { CompanyInfoSection } from "../../features/settings/components/company-info-section";
import { RegistrationSection } from "../../features/settings/components/registration-section";
import { ScanAlertEmailSection } from "../../features/settings/components/scan-alert-email-section";
import { WebhookSection } from "../../features/settings/components/webhook-section";
import { TeamSection } from "../../features/team/components/team-section";
import { useSession } from "../../lib/session";
import { PageTitle } from "../../components/ui/page-title";

/**
 * /settings/company (user menu → Company Details). Each section is a self-contained card from the
 * feature that owns it, so a new one is added by dropping it into this list.
 */
export function CompanyDetailsPage() {
  const { isOwner, isLender } = useSession();
  if (isLender) {
    // A lender issues nothing: its settings are its details and its integration (webhooks for the
    // codes it watches, keys for its loan system); its team has a page of its own.
    return (
      <div className="mx-auto max-w-4xl space-y-6">
        <div>
          <PageTitle>Settings</PageTitle>
          <p className="mt-1 text-sm text-slate-600">
            Your institution's details, as ValuSeal verified them, and its connection to your loan system.
          </p>
        </div>
        <CompanyInfoSection isOwner={isOwner} isLender />
        <WebhookSection isOwner={isOwner} />
        {isOwner && <ApiKeysSection />}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <PageTitle>Company Details</PageTitle>
        <p className="mt-1 text-sm text-slate-600">Your company's information, verification, team and alerts.</p>
      </div>
      <CompanyInfoSection isOwner={isOwner} />
      <RegistrationSection isOwner={isOwner} />
      <TeamSection isOwner={isOwner} />
      <ScanAlertEmailSection isOwner={isOwner} />
      <WebhookSection isOwner={isOwner} />
      {isOwner && <ApiKeysSection />}
    </div>
  );
}

/** /team for a lender: its members and invitations (a firm's team is part of Company Details). */
export function TeamPage() {
  const { isOwner } = useSession();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageTitle>Team</PageTitle>
      <TeamSection isOwner={isOwner} />
    </div>
  );
}
