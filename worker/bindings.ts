import type { CodeScansApi } from "./durable-objects/code-scans-api";
import type { EmailMessage } from "./lib/email-templates";
import type { DigestPageMessage, MpesaCheckMessage, ScanAlertMessage, WebhookDeliveryMessage } from "./queue-messages";

/**
 * What the Worker is given by its platform (wrangler.toml) and its secrets. Every service that
 * sends to a queue or reads a secret names these; they import no service, so no import cycle runs
 * through them (the request's own variables are ./env.ts's AppEnv).
 */
export interface Bindings {
  ASSETS: Fetcher;
  AUTH_IP_LIMITER: RateLimit;
  AUTH_EMAIL_LIMITER: RateLimit;
  PUBLIC_LIMITER: RateLimit;
  VERIFICATION_CODE_LIMITER: RateLimit;
  /** The wider budgets per IPv6 /48 beside the per-network ones (docs/decisions/026). */
  AUTH_IP_LIMITER_48: RateLimit;
  PUBLIC_LIMITER_48: RateLimit;
  EMAIL_LIMITER_48: RateLimit;
  VERIFICATION_CODE_LIMITER_48: RateLimit;
  SCAN_ALERTS: Queue<ScanAlertMessage>;
  /** One message per webhook delivery (an event to one endpoint); retried with backoff. */
  WEBHOOKS: Queue<WebhookDeliveryMessage>;
  EMAILS: Queue<EmailMessage>;
  /** M-Pesa prompts to ask Daraja about: after a callback at once, else at the configured delays. */
  PAYMENTS: Queue<MpesaCheckMessage>;
  /** One object per code: its counted scans go to the database together (worker/durable-objects/code-scans.ts). */
  /** Pages of companies due their daily scan digest, queued by the hourly cron; one page per consumer call. */
  DIGESTS: Queue<DigestPageMessage>;
  CODE_SCANS: DurableObjectNamespace<CodeScansApi>;
  EMAIL_LIMITER: RateLimit;
  /** Requests per integration API key, and per network (and /48) before a key is looked up. */
  API_KEY_LIMITER: RateLimit;
  API_NETWORK_LIMITER: RateLimit;
  API_NETWORK_LIMITER_48: RateLimit;
  /** CSV exports per company. */
  EXPORT_LIMITER: RateLimit;
  /** Files uploaded per company (practising certificates). */
  UPLOAD_LIMITER: RateLimit;
  /** Evidence kept as files: practising certificates, by their row's objectKey. */
  EVIDENCE: R2Bucket;
  DATABASE_URL?: string;
  JWT_SECRET?: string;
  APP_ENV?: string;
  PASSWORD_HASHING?: string;
  WEBHOOK_SECRET_KEY?: string;
  SIGNING_KEY?: string;
  WEBHOOK_DNS_RESOLVER?: string;
  DB_WS_PROXY?: string;
  DB_CONNECT_TIMEOUT_MS?: string;
  DB_HTTP_ENDPOINT?: string;
  PUBLIC_ORIGIN?: string;
  LOCATION_SEARCH_URL?: string;
  SMTP_HOST?: string;
  SMTP_PORT?: string;
  SMTP_SECURITY?: string;
  SMTP_USER?: string;
  SMTP_PASSWORD?: string;
  EMAIL_FROM?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_BASE?: string;
  MPESA_CONSUMER_KEY?: string;
  MPESA_CONSUMER_SECRET?: string;
  MPESA_SHORT_CODE?: string;
  MPESA_PASSKEY?: string;
  MPESA_API_BASE?: string;
  MPESA_QUERY_DELAYS_SECONDS?: string;
  SELLER_NAME?: string;
  SELLER_ADDRESS?: string;
  SELLER_TAX_NUMBERS?: string;
  RECEIPT_PREFIX?: string;
  VAT_RATE_PERCENT?: string;
  /** Where unexpected errors are reported (worker/lib/error-reports.ts); unset, nothing is sent. */
  SENTRY_DSN?: string;
}
