import type { WebhookDeliveryFailure, WebhookDeliveryOutcome } from "../limits";

export type { WebhookDeliveryFailure, WebhookDeliveryOutcome } from "../limits";

/** GET /api/companies/current/webhook: where scan alerts go and how the latest delivery went. */
export interface WebhookStatus {
  /** null while no webhook is set. */
  url: string | null;
  /** When the latest delivery was attempted; null before the first one. */
  lastDeliveryAt: Date | null;
  lastDeliveryOutcome: WebhookDeliveryOutcome | null;
  /** Why the latest delivery did not arrive; null when it did or nothing was sent yet. */
  lastDeliveryFailure: WebhookDeliveryFailure | null;
}

/** PUT /api/companies/current/webhook: the signing secret, returned this once and never again. */
export interface SavedWebhook {
  url: string;
  secret: string;
}
