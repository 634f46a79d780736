import { toHex } from "./scan-visitor";
import { WEBHOOK_SECRET_PREFIX } from "./webhook-secret";

const encoder = new TextEncoder();

const hmacSha256 = async (key: Uint8Array, text: string): Promise<ArrayBuffer> =>
  crypto.subtle.sign(
    "HMAC",
    await crypto.subtle.importKey("raw", key as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
    ]),
    encoder.encode(text),
  );

/**
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`, keyed as Standard Webhooks reads a
 * `whsec_` secret: the base64 after the prefix, as bytes. Every secret we issue is `whsec_` and 32
 * base62 characters, which read as base64 too, so the libraries take the secret the owner was shown.
 */
export async function signStandardWebhook(secret: string, id: string, timestamp: string, body: string) {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  const key = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
  const signature = await hmacSha256(key, `${id}.${timestamp}.${body}`);
  return `v1,${btoa(String.fromCharCode(...new Uint8Array(signature)))}`;
}

/**
 * The first release's signature: `v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` keyed with the
 * secret's text. The timestamp is signed with the body, so a receiver that refuses old timestamps
 * (5 minutes is what we document) cannot be fed a captured delivery again later.
 */
export async function signLegacyWebhook(secret: string, timestamp: string, body: string): Promise<string> {
  return `v1=${toHex(await hmacSha256(encoder.encode(secret), `${timestamp}.${body}`))}`;
}
