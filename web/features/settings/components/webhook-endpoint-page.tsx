import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { WebhookEndpointAnswer, WebhookEndpointCreated } from "#schema/api-v1.ts";
import { COMPANY_SETTINGS_PATHS } from "#schema/app-paths.ts";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import { useFailureToast } from "#web/components/ui/failure-toast.ts";
import { QueryContent } from "#web/components/ui/query-content.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import {
  useRemoveWebhookEndpoint,
  useRotateWebhookSecret,
  useSendTestWebhookEvent,
  useUpdateWebhookEndpoint,
  useWebhookEndpoint,
} from "../api/webhooks";
import { SecretShownOnce } from "./secret-shown-once";
import { WebhookAttempts } from "./webhook-attempts";
import { WebhookEndpointForm } from "./webhook-endpoint-form";
import { SECRET_KEEP_IT, WebhookEndpointState } from "./webhook-endpoint-state";

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
  const navigate = useNavigate();
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
              toast({
                title: "Webhook endpoint removed",
                description: "No events are sent to it.",
                keepAfterNavigation: true,
              });
              void navigate(COMPANY_SETTINGS_PATHS.developers);
            },
            onError: (error) => showFailure("Failed to remove the webhook endpoint", error),
          })
        }
      />
    </>
  );
}

/** The two ways a secret is replaced: at leisure (both sign for a day), or at once because it leaked. */
const ROTATION_CHOICES = [
  {
    hours: 24,
    label: "Keep the old secret working for 24 hours",
    hint: "Each delivery carries a signature by both secrets for a day: switch your receiver to the new one in that time.",
  },
  {
    hours: 0,
    label: "Stop the old secret now",
    hint: "For a secret that leaked: deliveries your receiver checks with the old one fail until it has the new one.",
  },
] as const;

function RotateSecretButton({
  endpoint,
  onRotated,
}: {
  endpoint: WebhookEndpointAnswer;
  onRotated: (rotated: WebhookEndpointCreated) => void;
}) {
  const showFailure = useFailureToast();
  const rotate = useRotateWebhookSecret();
  const [open, setOpen] = useState(false);
  const [hours, setHours] = useState<0 | 24>(24);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Rotate secret
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Rotate the signing secret?" size="lg">
        <form
          className="space-y-4 text-sm"
          onSubmit={(event) => {
            event.preventDefault();
            rotate.mutate(
              { id: endpoint.id, previousSecretHours: hours },
              {
                onSuccess: (rotated) => {
                  setOpen(false);
                  onRotated(rotated);
                },
                onError: (error) => showFailure("Failed to rotate the secret", error),
              },
            );
          }}
        >
          <fieldset className="space-y-3">
            <legend className="font-medium text-slate-900">The old secret</legend>
            {ROTATION_CHOICES.map((choice) => (
              <label key={choice.hours} className="flex items-start gap-2">
                <input
                  type="radio"
                  name="previous-secret-hours"
                  className="mt-1 size-4"
                  checked={hours === choice.hours}
                  onChange={() => setHours(choice.hours)}
                />
                <span>
                  <span className="font-medium text-slate-900">{choice.label}</span>
                  <span className="block text-slate-600">{choice.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={rotate.isPending}>
              {rotate.isPending ? "Rotating..." : "Rotate secret"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

function SendTestEventButton({
  endpoint,
  onSent,
}: {
  endpoint: WebhookEndpointAnswer;
  onSent: (eventId: string) => void;
}) {
  const toast = useToast();
  const showFailure = useFailureToast();
  const send = useSendTestWebhookEvent();
  return (
    <Button
      variant="secondary"
      disabled={send.isPending || !endpoint.enabled}
      onClick={() =>
        send.mutate(endpoint.id, {
          onSuccess: ({ eventId }) => {
            toast({ title: "Test event sent", description: "Its attempt appears in the delivery log below." });
            onSent(eventId);
          },
          onError: (error) => showFailure("Failed to send the test event", error),
        })
      }
    >
      {send.isPending ? "Sending..." : "Send test event"}
    </Button>
  );
}

function EndpointDetails({ endpoint, isOwner }: { endpoint: WebhookEndpointAnswer; isOwner: boolean }) {
  const [rotated, setRotated] = useState<WebhookEndpointCreated | null>(null);
  const [awaitedEventId, setAwaitedEventId] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <SectionCard
        title={<span className="break-all">{endpoint.url}</span>}
        description={endpoint.description || undefined}
        actions={
          isOwner && (
            <div className="flex flex-wrap items-center gap-3">
              <EnabledSwitch endpoint={endpoint} />
              <RemoveEndpointButton endpoint={endpoint} />
            </div>
          )
        }
      >
        <WebhookEndpointState endpoint={endpoint} />
        <p className="text-sm text-slate-600">Added {formatDateTime(endpoint.createdAt)}.</p>
        {isOwner ? (
          <WebhookEndpointForm key={endpoint.id} endpoint={endpoint} />
        ) : (
          <p className="text-sm text-slate-600">
            Events: <span className="font-mono text-slate-900">{endpoint.eventTypes.join(", ")}</span>. Only the company
            owner can change webhooks.
          </p>
        )}
      </SectionCard>
      {isOwner && (
        <SectionCard
          title="Signing secret"
          description="Every delivery is signed with this endpoint's secret (the webhook-signature header), so your receiver can tell it came from ValuSeal."
          actions={<RotateSecretButton endpoint={endpoint} onRotated={setRotated} />}
        >
          <p className="text-sm text-slate-600">
            {endpoint.previousSecretExpiresAt
              ? `The replaced secret also signs deliveries until ${formatDateTime(endpoint.previousSecretExpiresAt)}.`
              : "Only the current secret signs deliveries."}
          </p>
          <SecretShownOnce
            title="Your new signing secret"
            secret={rotated?.secret ?? null}
            secretLabel="Webhook signing secret"
            copyLabel="Copy secret"
            copied={{ title: "Secret copied", description: "Store it with your webhook receiver's settings." }}
            keepIt={SECRET_KEEP_IT}
            onDismiss={() => setRotated(null)}
          />
        </SectionCard>
      )}
      <SectionCard
        title="Delivery log"
        description="Every attempt to send an event here in the last 30 days, with what was sent and what your receiver answered."
        actions={isOwner && <SendTestEventButton endpoint={endpoint} onSent={setAwaitedEventId} />}
      >
        <WebhookAttempts
          endpointId={endpoint.id}
          canResend={isOwner && endpoint.enabled}
          awaitedEventId={awaitedEventId}
        />
      </SectionCard>
    </div>
  );
}

/**
 * Company Details → Developers → one webhook endpoint: its address and events (editable by the
 * owner), on/off, a test event, secret rotation and the delivery log with each attempt's bodies.
 */
export function WebhookEndpointPage({ isOwner }: { isOwner: boolean }) {
  const { id = "" } = useParams();
  const endpoint = useWebhookEndpoint(id);
  return (
    <div className="space-y-4">
      <Link
        to={COMPANY_SETTINGS_PATHS.developers}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All webhooks and API keys
      </Link>
      <QueryContent
        query={endpoint}
        loadingLabel="Loading the webhook endpoint..."
        failureTitle="This webhook endpoint could not be loaded"
      >
        {(data) => <EndpointDetails endpoint={data} isOwner={isOwner} />}
      </QueryContent>
    </div>
  );
}
