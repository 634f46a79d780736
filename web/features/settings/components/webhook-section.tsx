import { Webhook } from "lucide-react";
import { useState } from "react";
import type { WebhookEndpointAnswer, WebhookEndpointCreated } from "../../../../schema/api-v1";
import { WEBHOOK_ENDPOINTS_MAX } from "../../../../schema/limits";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { useFailureToast } from "../../../components/ui/failure-toast";
import { QueryContent } from "../../../components/ui/query-content";
import { SectionCard } from "../../../components/ui/section-card";
import { StatusBadge } from "../../../components/ui/status-badge";
import { Switch } from "../../../components/ui/switch";
import { useToast } from "../../../components/ui/toast";
import { useSession } from "../../../lib/session";
import { formatDateTime } from "../../../lib/format";
import { useRemoveWebhookEndpoint, useUpdateWebhookEndpoint, useWebhookEndpoints } from "../api/webhooks";
import { SecretShownOnce } from "./secret-shown-once";
import { WebhookAttempts } from "./webhook-attempts";
import { WebhookEndpointForm } from "./webhook-endpoint-form";
import { WebhookHelp } from "./webhook-help";

function EnabledSwitch({ endpoint }: { endpoint: WebhookEndpointAnswer }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const update = useUpdateWebhookEndpoint();
  return (
    <Switch
      checked={endpoint.enabled}
      disabled={update.isPending}
      label={`Send events to ${endpoint.url}`}
      visibleText={endpoint.enabled ? "On" : "Off"}
      onCheckedChange={(enabled) =>
        update.mutate(
          { id: endpoint.id, enabled },
          {
            onSuccess: () =>
              toast({
                title: enabled ? "Webhook endpoint turned on" : "Webhook endpoint turned off",
                description: enabled ? "New events are sent to it again." : "No events are sent to it.",
              }),
            onError: (error) => showFailure("Failed to change the webhook endpoint", error),
          },
        )
      }
    />
  );
}

function RemoveEndpointButton({ endpoint }: { endpoint: WebhookEndpointAnswer }) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const remove = useRemoveWebhookEndpoint();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={`Remove ${endpoint.url}`}>
        Remove
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove this webhook endpoint?"
        description={`Events will no longer be sent to ${endpoint.url}; its signing secret and delivery log are deleted.`}
        confirmLabel="Remove endpoint"
        pendingLabel="Removing..."
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              toast({ title: "Webhook endpoint removed", description: "No events are sent to it." });
              setOpen(false);
            },
            onError: (error) => showFailure("Failed to remove the webhook endpoint", error),
          })
        }
      />
    </>
  );
}

/** Why no events go out, or that they are failing: the first thing the owner needs to see. */
function EndpointState({ endpoint }: { endpoint: WebhookEndpointAnswer }) {
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

function EndpointCard({ endpoint, isOwner }: { endpoint: WebhookEndpointAnswer; isOwner: boolean }) {
  const [showLog, setShowLog] = useState(false);
  return (
    <li className="space-y-3 rounded-md border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="break-all font-medium text-slate-900">{endpoint.url}</p>
          {endpoint.description && <p className="text-sm text-slate-600">{endpoint.description}</p>}
          <p className="text-sm text-slate-600">
            Events: <span className="font-mono text-slate-900">{endpoint.eventTypes.join(", ")}</span>
          </p>
          <EndpointState endpoint={endpoint} />
        </div>
        {isOwner && (
          <div className="flex flex-wrap items-center gap-3">
            <EnabledSwitch endpoint={endpoint} />
            <RemoveEndpointButton endpoint={endpoint} />
          </div>
        )}
      </div>
      <Button variant="link" size="sm" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
        {showLog ? "Hide delivery log" : "Show delivery log"}
      </Button>
      {showLog && <WebhookAttempts endpointId={endpoint.id} canResend={isOwner && endpoint.enabled} />}
    </li>
  );
}

/**
 * Webhooks: the owner points endpoints of the company's own servers at the events they want (scans,
 * issues, revocations, replacements, expiry, altered copies) and gets each as a signed POST; members
 * see where events go and each endpoint's delivery log.
 */
export function WebhookSection({ isOwner }: { isOwner: boolean }) {
  const endpoints = useWebhookEndpoints();
  const { isLender } = useSession();
  // Held only here: the server never returns the secret again, and neither does this page.
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);

  return (
    <SectionCard
      title="Webhooks"
      description={
        isLender
          ? "Get a signed message at your own server when a valuation you watch is revoked, replaced or expires, or its issuer is suspended."
          : "Get a signed message at your own server when one of your codes is issued, scanned, revoked, replaced or expires."
      }
    >
      <div className="space-y-4">
        {created && (
          <SecretShownOnce
            title="Your signing secret"
            secret={created.secret}
            secretLabel="Webhook signing secret"
            copyLabel="Copy secret"
            copied={{ title: "Secret copied", description: "Store it with your webhook receiver's settings." }}
            keepIt="Copy it now and keep it with your receiver: you won't see it again. If you lose it, remove the endpoint and add it again to get a new one."
            onDismiss={() => setCreated(null)}
          />
        )}
        <QueryContent
          query={endpoints}
          loadingLabel="Loading webhooks..."
          failureTitle="The webhook settings could not be loaded"
        >
          {(data) => (
            <div className="space-y-4">
              {data.length === 0 ? (
                <EmptyState
                  icon={Webhook}
                  title="No webhook endpoints yet"
                  description="Events are not sent anywhere until the company owner adds an endpoint."
                />
              ) : (
                <ul className="space-y-3" aria-label="Webhook endpoints">
                  {data.map((endpoint) => (
                    <EndpointCard key={endpoint.id} endpoint={endpoint} isOwner={isOwner} />
                  ))}
                </ul>
              )}
              {!isOwner && <p className="text-sm text-slate-600">Only the company owner can change webhooks.</p>}
              {isOwner && data.length < WEBHOOK_ENDPOINTS_MAX && <WebhookEndpointForm onCreated={setCreated} />}
            </div>
          )}
        </QueryContent>
        <WebhookHelp />
      </div>
    </SectionCard>
  );
}
