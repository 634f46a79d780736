import type { PublicUser } from "#schema/responses/index.ts";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { useSetScanAlertOptIn } from "../api/update-profile";

const SWITCH_LABEL = "Email me scan alerts";

/**
 * Scan alert emails follow the company's choice (Company Details); the owner always gets them,
 * while each member chooses for themselves.
 */
export function ScanAlertOptInSection({ user, isOwner }: { user: PublicUser; isOwner: boolean }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const setOptIn = useSetScanAlertOptIn();
  const change = (scanAlertEmails: boolean) =>
    setOptIn.mutate(
      { scanAlertEmails },
      {
        onSuccess: () =>
          toast({
            title: scanAlertEmails ? "You will get scan alert emails" : "You will no longer get scan alert emails",
          }),
        onError: (error) => showFailure("Failed to update scan alerts", error),
      },
    );

  return (
    <SectionCard
      title="Scan alert emails"
      description="Emails about scans of your company's codes, sent as your company owner chose in Company Details: one per scan, a daily digest, or none."
    >
      {isOwner ? (
        <p className="text-sm text-slate-700">
          As the company owner you always receive them. Choose how they are sent in Company Details.
        </p>
      ) : (
        <div className="flex items-center justify-between gap-4">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900">{SWITCH_LABEL}</p>
            <p className="text-sm text-slate-600">Send me the scan alerts my company's owner receives.</p>
          </div>
          <Switch
            checked={user.scanAlertEmails}
            onCheckedChange={change}
            label={SWITCH_LABEL}
            disabled={setOptIn.isPending}
          />
        </div>
      )}
    </SectionCard>
  );
}
