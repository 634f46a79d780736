import type { Database, TransactionalDatabase } from "./db";
import type { Config } from "./config";
import type { CodeScans } from "./durable-objects/code-scans";
import type { EmailMessage } from "./lib/email-templates";
import type { ApiKeyCaller } from "./services/api-keys";
import type { AuthenticatedUser, SessionClaims } from "./services/sessions";
import type { ScanAlertMessage } from "./services/scan-alerts";
import type { WebhookDeliveryMessage } from "./services/webhooks";

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
  /** One object per code: its counted scans go to the database together (worker/durable-objects/code-scans.ts). */
  CODE_SCANS: DurableObjectNamespace<CodeScans>;
  EMAIL_LIMITER: RateLimit;
  /** Requests per integration API key, and per network (and /48) before a key is looked up. */
  API_KEY_LIMITER: RateLimit;
  API_NETWORK_LIMITER: RateLimit;
  API_NETWORK_LIMITER_48: RateLimit;
  /** CSV exports per company. */
  EXPORT_LIMITER: RateLimit;
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
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    config: Config;
    db: Database;
    /** The WebSocket pool, opened on first call: only for interactive transactions. */
    transactional: () => TransactionalDatabase;
    user: AuthenticatedUser;
    /** The bearer token's claims (requireSessionToken); the session itself is checked with the route's query. */
    claims: SessionClaims;
    /** The integration API's caller (requireApiKey). */
    apiKey: ApiKeyCaller;
  };
}
