import { z } from "zod";

const WEBHOOK_KEY_BYTES = 32;

function isBase64Key(value: string): boolean {
  try {
    return atob(value.trim()).length === WEBHOOK_KEY_BYTES;
  } catch {
    return false;
  }
}

/** `https://` plus a 28-character host: `<origin>/v/<token>/300` is then 59 characters, a version-4 QR. */
export const PUBLIC_ORIGIN_MAX_LENGTH = 36;

const configSchema = z.object({
  DATABASE_URL: z
    .string({
      error:
        "DATABASE_URL is not set: run `wrangler secret put DATABASE_URL` (or use npm run dev for the embedded database)",
    })
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// connection string"),
  JWT_SECRET: z
    .string({ error: "JWT_SECRET is not set: run `wrangler secret put JWT_SECRET` (or put it in .dev.vars)" })
    .min(32, "JWT_SECRET must be at least 32 characters"),
  /**
   * "development" only where the Worker runs on a developer's machine or under test (set by
   * `npm run dev` and the test setups): webhooks may then reach a receiver on that machine. Unset
   * means production, so no deployed configuration can allow it by forgetting a value.
   */
  APP_ENV: z
    .enum(["production", "development"], { error: 'APP_ENV must be "production" or "development"' })
    .default("production"),
  /**
   * "fast" only for test runs (the test setups set it): a cheap scrypt cost, refused unless APP_ENV
   * is "development" (worker/lib/passwords.ts). Unset means OWASP's cost.
   */
  PASSWORD_HASHING: z
    .enum(["standard", "fast"], { error: 'PASSWORD_HASHING must be "standard" or "fast"' })
    .default("standard"),
  /** AES-256-GCM key for webhook signing secrets at rest: 32 random bytes, base64. */
  WEBHOOK_SECRET_KEY: z
    .string({
      error:
        "WEBHOOK_SECRET_KEY is not set: run `openssl rand -base64 32 | wrangler secret put WEBHOOK_SECRET_KEY` (or put it in .dev.vars)",
    })
    .refine(isBase64Key, "WEBHOOK_SECRET_KEY must be 32 random bytes, base64-encoded (openssl rand -base64 32)"),
  /** DNS-over-HTTPS (JSON) resolver that webhook hosts are resolved with before each delivery. */
  WEBHOOK_DNS_RESOLVER: z.url().default("https://cloudflare-dns.com/dns-query"),
  /**
   * How long an interactive transaction waits for its database connection before the request is
   * answered 503. Short in production, so an outage fails fast; the test setups raise it, because
   * a test machine busy with other work can take longer than that to open one.
   */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(5000),
  /** host:port/path of a WebSocket-to-TCP bridge; set only for non-Neon Postgres (local development). */
  DB_WS_PROXY: z.string().min(1).optional(),
  /** URL of an HTTP SQL endpoint speaking Neon's protocol; set only for non-Neon Postgres (local development). */
  DB_HTTP_ENDPOINT: z.url().optional(),
  /**
   * Origin encoded into QR codes; defaults to the origin of the request that creates the code. At
   * most PUBLIC_ORIGIN_MAX_LENGTH characters: a sealed report's page QR encodes
   * `<origin>/v/<16-character token>/<page up to 300>`, and past 59 characters the QR grows from
   * version 4 to 5, with smaller modules on the printed 18 mm stamp.
   */
  PUBLIC_ORIGIN: z
    .url()
    .refine(
      (origin) => origin.replace(/\/+$/, "").length <= PUBLIC_ORIGIN_MAX_LENGTH,
      `PUBLIC_ORIGIN must be at most ${PUBLIC_ORIGIN_MAX_LENGTH} characters (without a trailing slash), so every page QR of a sealed report stays small`,
    )
    .optional(),
  /** Photon/Nominatim-style geocoder merged into location suggestions when set. */
  LOCATION_SEARCH_URL: z.url().optional(),
  /** SMTP server for transactional email (any provider's SMTP credentials); unset = no email is sent. */
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** "starttls" (port 587), "tls" (implicit TLS, port 465) or "none" (a local test inbox only). */
  SMTP_SECURITY: z.enum(["starttls", "tls", "none"]).default("starttls"),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** The sender, e.g. `ValuSeal <no-reply@verify.example.com>`. */
  EMAIL_FROM: z.string().min(3).optional(),
});

const withMail = configSchema
  .refine((env) => env.PASSWORD_HASHING === "standard" || env.APP_ENV === "development", {
    message: 'PASSWORD_HASHING "fast" is for test runs only: it needs APP_ENV "development"',
  })
  .transform((env) => {
    const { SMTP_HOST, SMTP_PORT, SMTP_SECURITY, SMTP_USER, SMTP_PASSWORD, EMAIL_FROM, PUBLIC_ORIGIN } = env;
    // Emails carry absolute links and the queue consumer has no request to take an origin from.
    const mail =
      SMTP_HOST && EMAIL_FROM && PUBLIC_ORIGIN
        ? {
            origin: PUBLIC_ORIGIN.replace(/\/$/, ""),
            from: EMAIL_FROM,
            smtp: {
              host: SMTP_HOST,
              port: SMTP_PORT,
              security: SMTP_SECURITY,
              credentials: SMTP_USER && SMTP_PASSWORD ? { username: SMTP_USER, password: SMTP_PASSWORD } : null,
            },
          }
        : null;
    return { ...env, mail, allowsLocalReceivers: env.APP_ENV === "development" };
  });

export type Config = z.infer<typeof withMail>;
export type MailConfig = NonNullable<Config["mail"]>;

export class ConfigError extends Error {}

const cache = new WeakMap<object, Config>();

/** Parses the Worker's environment once per isolate; a missing secret fails with a readable message. */
export function readConfig(env: object): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const result = withMail.safeParse(env);
  if (!result.success) {
    throw new ConfigError(`Invalid configuration: ${result.error.issues.map((i) => i.message).join("; ")}`);
  }
  cache.set(env, result.data);
  return result.data;
}
