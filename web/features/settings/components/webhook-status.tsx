import type { Json, WebhookDeliveryFailure, WebhookDeliveryOutcome, WebhookStatus } from "../../../../schema/responses";
import { Button } from "../../../components/ui/button";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatDateTime } from "../../../lib/format";

const OUTCOMES = {
  delivered: "delivery-delivered",
  failed: "delivery-failed",
  pending: "delivery-pending",
} as const satisfies Record<WebhookDeliveryOutcome, string>;

/**
 * Why a delivery did not arrive, as coarse as the server keeps it: the owner chooses the URL, so
 * no status code or connection detail that could map which hosts and ports answer.
 */
const FAILURES = {
  "receiver-error": "receiver answered with an error",
  "no-answer": "no answer",
  "address-not-allowed": "address not allowed",
} as const satisfies Record<WebhookDeliveryFailure, string>;

/** "Delivered", "Pending (no answer)", "Failed (address not allowed)" and the like, and when. */
function LastDelivery({ webhook }: { webhook: Json<WebhookStatus> }) {
  if (!webhook.lastDeliveryOutcome) return <p>No deliveries yet</p>;
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span>
        <StatusBadge status={OUTCOMES[webhook.lastDeliveryOutcome]} />
        {webhook.lastDeliveryFailure && ` (${FAILURES[webhook.lastDeliveryFailure]})`}
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
