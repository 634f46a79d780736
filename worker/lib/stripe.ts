import type Stripe from "stripe";

/** What reaching Stripe needs: the account's key and the API's address (the emulator's, locally). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiBase: string;
}

const clients = new Map<string, Stripe>();

/**
 * The SDK's module, loaded on the first payment an isolate handles: 240 KB of script that every
 * other request would otherwise evaluate when the isolate starts (issue 51).
 */
const stripeModule = () => import("stripe").then((module) => module.default);

/**
 * The Stripe SDK on Workers: fetch for HTTP, and the address from configuration only, so the local
 * emulator and Stripe itself are reached by the same code. One client per isolate and key.
 */
export async function stripeClient(settings: StripeSettings): Promise<Stripe> {
  const key = `${settings.apiBase} ${settings.secretKey}`;
  let client = clients.get(key);
  if (!client) {
    const Stripe = await stripeModule();
    const base = new URL(settings.apiBase);
    const protocol = base.protocol === "http:" ? "http" : "https";
    client = new Stripe(settings.secretKey, {
      httpClient: Stripe.createFetchHttpClient(),
      host: base.hostname,
      port: base.port || (protocol === "http" ? 80 : 443),
      protocol,
      // A request that does not reach Stripe is tried again with the same Idempotency-Key.
      maxNetworkRetries: 2,
      timeout: 10_000,
      telemetry: false,
    });
    clients.set(key, client);
  }
  return client;
}

/** Stripe checks a signature's time against this many seconds either side of now. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The event in a webhook body, once its Stripe-Signature is the endpoint secret's HMAC of exactly
 * these bytes, signed within the tolerance; null otherwise (a forged, altered or replayed body).
 */
export async function verifiedStripeEvent(
  settings: StripeSettings,
  rawBody: string,
  signatureHeader: string | undefined,
): Promise<Stripe.Event | null> {
  if (!signatureHeader) return null;
  try {
    const Stripe = await stripeModule();
    return await (
      await stripeClient(settings)
    ).webhooks.constructEventAsync(
      rawBody,
      signatureHeader,
      settings.webhookSecret,
      STRIPE_SIGNATURE_TOLERANCE_SECONDS,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch {
    return null;
  }
}
