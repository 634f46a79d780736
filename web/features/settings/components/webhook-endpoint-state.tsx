import type { WebhookEndpointAnswer } from "#schema/api-v1.ts";
import { StatusBadge } from "#web/components/ui/status-badge.tsx";
import { formatDateTime } from "#web/lib/format.ts";

/** What to do with a signing secret just made, whether by adding an endpoint or rotating its secret. */
export const SECRET_KEEP_IT =
  "Copy it now and keep it with your receiver: you won't see it again. If you lose it, rotate the secret on the endpoint's page.";

/** Why no events go out, or that they are failing: the first thing the owner needs to see. */
export function WebhookEndpointState({ endpoint }: { endpoint: WebhookEndpointAnswer }) {
  if (endpoint.disabledReason === "failing") {
    return (
      <p role="status" className="text-sm text-red-700">
        Turned off after a day of failed deliveries. Fix the receiver, then turn it back on.
      </p>
    );
  }
  if (!endpoint.enabled) return <StatusBadge status="inactive" />;
  if (endpoint.failingSince) {
    return (
      <p className="text-sm text-amber-800">
        Failing since {formatDateTime(endpoint.failingSince)}: it is turned off after a day of failures.
      </p>
    );
  }
  return <StatusBadge status="active" />;
}
