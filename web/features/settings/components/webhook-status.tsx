import { Button } from "../../../components/ui/button";
import { Badge } from "../../../components/ui/card";
import { formatDateTime } from "../../../lib/format";
import type { Webhook } from "../api/webhook";

function LastDelivery({ webhook }: { webhook: Webhook }) {
  if (!webhook.lastAttemptAt) return <>No deliveries yet</>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Badge tone={webhook.lastDelivered ? "green" : "red"}>{webhook.lastDelivered ? "Delivered" : "Failed"}</Badge>
      <span>{webhook.lastStatus}</span>
      <span className="text-slate-600">{formatDateTime(webhook.lastAttemptAt)}</span>
    </span>
  );
}

/** Where alerts go and how the latest delivery went; what members see of the webhook. */
export function WebhookStatus({
  webhook,
  onCheckAgain,
  isChecking,
}: {
  webhook: Webhook;
  onCheckAgain: () => void;
  isChecking: boolean;
}) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div className="min-w-0">
        <dt className="text-sm font-medium text-slate-500">Webhook URL</dt>
        <dd className="mt-1 break-all text-slate-900">{webhook.url ?? "Not set: scans are not sent anywhere"}</dd>
      </div>
      {webhook.url && (
        <div className="min-w-0">
          <dt className="text-sm font-medium text-slate-500">Last delivery</dt>
          <dd className="mt-1 space-y-1 text-sm text-slate-900">
            <LastDelivery webhook={webhook} />
            <Button variant="link" size="sm" onClick={onCheckAgain} disabled={isChecking}>
              {isChecking ? "Checking..." : "Check again"}
            </Button>
          </dd>
        </div>
      )}
    </dl>
  );
}
