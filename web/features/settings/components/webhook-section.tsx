import { useState } from "react";
import type { SavedWebhook } from "../../../../schema/responses";
import { QueryContent } from "../../../components/ui/query-content";
import { SectionCard } from "../../../components/ui/section-card";
import { useWebhook } from "../api/webhook";
import { WebhookForm } from "./webhook-form";
import { WebhookHelp } from "./webhook-help";
import { WebhookSecretNotice } from "./webhook-secret-notice";
import { WebhookStatusView } from "./webhook-status";

/**
 * Scan alerts: the owner points a webhook at the company's own server and gets each
 * counted scan as a signed POST; members see where alerts go and whether the last one arrived.
 */
export function WebhookSection({ isOwner }: { isOwner: boolean }) {
  const webhook = useWebhook();
  // Held only here: the server never returns the secret again, and neither does this page.
  const [saved, setSaved] = useState<SavedWebhook | null>(null);

  return (
    <SectionCard
      title="Scan Alerts"
      description="Get a signed message at your own server each time one of your codes is scanned."
    >
      <QueryContent
        query={webhook}
        loadingLabel="Loading webhook..."
        failureTitle="The webhook settings could not be loaded"
      >
        {(data) => (
          <div className="space-y-4">
            <WebhookStatusView
              webhook={data}
              onCheckAgain={() => void webhook.refetch()}
              isChecking={webhook.isFetching}
            />
            {saved && <WebhookSecretNotice secret={saved.secret} onDismiss={() => setSaved(null)} />}
            {isOwner ? (
              <WebhookForm webhook={data} onSaved={setSaved} />
            ) : (
              <p className="text-sm text-slate-600">Only the company owner can change the webhook.</p>
            )}
            <WebhookHelp />
          </div>
        )}
      </QueryContent>
    </SectionCard>
  );
}
