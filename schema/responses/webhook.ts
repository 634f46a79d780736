/**
 * How the latest scan alert went: delivered (the receiver answered 2xx), failed (another status,
 * or no answer at all), or pending (queued, not yet answered).
 */
export type WebhookDeliveryOutcome = "delivered" | "failed" | "pending";

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
