import { Webhook } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { WebhookEndpointAnswer, WebhookEndpointCreated } from "#schema/api-v1.ts";
import { webhookEndpointPath } from "#schema/app-paths.ts";
import { WEBHOOK_ENDPOINTS_MAX } from "#schema/limits/integration.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { QueryContent } from "#web/components/ui/query-content.tsx";
import { SectionCard } from "#web/components/ui/section-card.tsx";
import { useSession } from "#web/lib/session.ts";
import { useWebhookEndpoints } from "../api/webhooks";
import { SecretShownOnce } from "./secret-shown-once";
import { SECRET_KEEP_IT, WebhookEndpointState } from "./webhook-endpoint-state";
import { WebhookEndpointForm } from "./webhook-endpoint-form";
import { WebhookHelp } from "./webhook-help";

function EndpointRow({ endpoint }: { endpoint: WebhookEndpointAnswer }) {
  return (
    <li className="space-y-1 rounded-md border border-slate-200 p-4">
      <Link
        to={webhookEndpointPath(endpoint.id)}
        className="break-all font-medium text-brand-700 underline"
        aria-label={`Open ${endpoint.url}`}
      >
        {endpoint.url}
      </Link>
      {endpoint.description && <p className="text-sm text-slate-600">{endpoint.description}</p>}
      <p className="text-sm text-slate-600">
        Events: <span className="font-mono text-slate-900">{endpoint.eventTypes.join(", ")}</span>
      </p>
      <WebhookEndpointState endpoint={endpoint} />
    </li>
  );
}

/**
 * Webhooks: the owner points endpoints of the company's own servers at the events they want (scans,
 * issues, revocations, replacements, expiry, altered copies) and gets each as a signed POST; members
 * see where events go; each endpoint's page has its delivery log, test event and secret.
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
        <SecretShownOnce
          title="Your signing secret"
          secret={created?.secret ?? null}
          secretLabel="Webhook signing secret"
          copyLabel="Copy secret"
          copied={{ title: "Secret copied", description: "Store it with your webhook receiver's settings." }}
          keepIt={SECRET_KEEP_IT}
          onDismiss={() => setCreated(null)}
        />
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
                    <EndpointRow key={endpoint.id} endpoint={endpoint} />
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
