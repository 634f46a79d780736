import type { Json, WebhookDeliveryOutcome, WebhookStatus } from "../../../../schema/responses";
import { Button } from "../../../components/ui/button";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatDateTime } from "../../../lib/format";

const OUTCOMES = {
  delivered: "delivery-delivered",
  failed: "delivery-failed",
  pending: "delivery-pending",
} as const satisfies Record<WebhookDeliveryOutcome, string>;

/** What the receiver answered: "(HTTP 200)", or "(no answer)" for a failure without one; nothing while pending. */
function answerText({ lastDeliveryOutcome, lastDeliveryStatusCode }: Json<WebhookStatus>): string | null {
  if (lastDeliveryStatusCode !== null) return `(HTTP ${lastDeliveryStatusCode})`;
  return lastDeliveryOutcome === "failed" ? "(no answer)" : null;
}

/** "Delivered (HTTP 200)", "Failed (HTTP 500)", "Failed (no answer)" or "Pending", and when. */
function LastDelivery({ webhook }: { webhook: Json<WebhookStatus> }) {
  if (!webhook.lastDeliveryOutcome) return <p>No deliveries yet</p>;
  const answer = answerText(webhook);
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span>
        <StatusBadge status={OUTCOMES[webhook.lastDeliveryOutcome]} />
        {answer && ` ${answer}`}
      </span>
      {webhook.lastDeliveryAt && <span className="text-slate-600">{formatDateTime(webhook.lastDeliveryAt)}</span>}
    </p>
  );
}

/** Where alerts go and how the latest delivery went; what members see of the webhook. */
export function WebhookStatusView({
  webhook,
  onCheckAgain,
  isChecking,
}: {
  webhook: Json<WebhookStatus>;
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
