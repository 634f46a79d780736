import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { WEBHOOK_EVENT_DESCRIPTIONS, type WebhookEndpointAnswer, type WebhookEndpointCreated } from "#schema/api-v1.ts";
import { type OrganisationKind } from "#schema/limits/companies.ts";
import { WEBHOOK_EVENT_TYPES_BY_KIND } from "#schema/limits/integration.ts";
import { webhookEndpointSchema, type WebhookEndpointInput } from "#schema/validation/webhook.ts";
import { Button } from "#web/components/ui/button.tsx";
import { useFormFailure } from "#web/components/ui/failure-toast.ts";
import { bound, InputField } from "#web/components/ui/field.tsx";
import { useToast } from "#web/components/ui/toast.tsx";
import { useSession } from "#web/lib/session.ts";
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from "../api/webhooks";

/** A firm starts from its codes' scans, a lender from revocations of the codes it watches. */
const emptyEndpoint = (kind: OrganisationKind): WebhookEndpointInput => ({
  url: "",
  description: "",
  eventTypes: [kind === "lender" ? "code.revoked" : "code.scanned"],
});

type WebhookEndpointFormProps =
  | { endpoint?: undefined; onCreated: (created: WebhookEndpointCreated) => void }
  | { endpoint: WebhookEndpointAnswer; onCreated?: undefined };

/**
 * The owner's form for an endpoint's address, description and events: a new one (its secret goes to
 * onCreated, to be shown once), or an existing one's, changed in place.
 */
export function WebhookEndpointForm({ endpoint, onCreated }: WebhookEndpointFormProps) {
  const toast = useToast();
  const createEndpoint = useCreateWebhookEndpoint();
  const updateEndpoint = useUpdateWebhookEndpoint();
  const kind = useSession().user?.company?.kind ?? "issuer";
  const start: WebhookEndpointInput = endpoint
    ? { url: endpoint.url, description: endpoint.description, eventTypes: endpoint.eventTypes }
    : emptyEndpoint(kind);
  const form = useForm<WebhookEndpointInput>({ resolver: zodResolver(webhookEndpointSchema), defaultValues: start });
  const showFailure = useFormFailure(form.setError, ["url", "description", "eventTypes"]);
  const { errors } = form.formState;
  const pending = createEndpoint.isPending || updateEndpoint.isPending;

  const submit = form.handleSubmit((values) => {
    if (endpoint) {
      updateEndpoint.mutate(
        { id: endpoint.id, ...values },
        {
          onSuccess: (changed) => {
            toast({ title: "Webhook endpoint saved", description: "New events go out as it now says." });
            form.reset({ url: changed.url, description: changed.description, eventTypes: changed.eventTypes });
          },
          onError: (error) => showFailure("Failed to save the webhook endpoint", error),
        },
      );
      return;
    }
    createEndpoint.mutate(values, {
      onSuccess: (created) => {
        toast({ title: "Webhook endpoint added", description: "Copy your signing secret now." });
        form.reset(start);
        onCreated(created);
      },
      onError: (error) => showFailure("Failed to add the webhook endpoint", error),
    });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-md border border-slate-200 p-4">
      <p className="font-medium text-slate-900">{endpoint ? "Address and events" : "New endpoint"}</p>
      <InputField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/valuseal-webhook"
        hint="An https:// address of your server."
        {...bound(form, "url")}
      />
      <InputField
        label="Description (optional)"
        hint="What receives it, e.g. the loan system (production)"
        {...bound(form, "description")}
      />
      <fieldset className="space-y-2" aria-describedby={errors.eventTypes ? "webhook-events-error" : undefined}>
        <legend className="text-sm font-medium text-slate-700">Events to send</legend>
        {WEBHOOK_EVENT_TYPES_BY_KIND[kind].map((type) => (
          <label key={type} className="flex items-start gap-2 text-sm">
            <input type="checkbox" value={type} className="mt-1 size-4" {...form.register("eventTypes")} />
            <span>
              <code className="font-mono text-slate-900">{type}</code>
              <span className="block text-slate-600">{WEBHOOK_EVENT_DESCRIPTIONS[type]}</span>
            </span>
          </label>
        ))}
        {errors.eventTypes && (
          <p id="webhook-events-error" role="alert" className="text-sm text-red-600">
            {errors.eventTypes.message}
          </p>
        )}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {endpoint ? (pending ? "Saving..." : "Save changes") : pending ? "Adding..." : "Add endpoint"}
        </Button>
      </div>
    </form>
  );
}
