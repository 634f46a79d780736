import type { WebhookDeliveryOutcome } from "../limits";

export type { WebhookDeliveryOutcome } from "../limits";

/** GET /api/companies/current/webhook: where scan alerts go and how the latest delivery went. */
export interface WebhookStatus {
  /** null while no webhook is set. */
  url: string | null;
  /** When the latest delivery was attempted; null before the first one. */
  lastDeliveryAt: Date | null;
  lastDeliveryOutcome: WebhookDeliveryOutcome | null;
  /** The receiver's HTTP status; null when it never answered or nothing was sent yet. */
  lastDeliveryStatusCode: number | null;
}

/** PUT /api/companies/current/webhook: the signing secret, returned this once and never again. */
export interface SavedWebhook {
  url: string;
  secret: string;
}
