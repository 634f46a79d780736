import { useSession } from "../../auth/api/current-user";
import { TeamSection } from "../../team/components/team-section";
import { CompanyInfoSection } from "./company-info-section";
import { WebhookSection } from "./webhook-section";

/**
 * /settings/company (user menu → Company Details). Each section is a self-contained card, so a
 * new one (such as scan alerts) is added by dropping it into this list.
 */
export function CompanyDetailsPage() {
  const { isOwner } = useSession();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Company Details</h1>
        <p className="mt-1 text-sm text-slate-600">Your company's information and team.</p>
      </div>
      <CompanyInfoSection isOwner={isOwner} />
      <TeamSection isOwner={isOwner} />
      <WebhookSection isOwner={isOwner} />
    </div>
  );
}
