import { decryptSecret, encryptSecret } from "./secrets-at-rest";

/**
 * Webhook signing secrets at rest (worker/lib/secrets-at-rest.ts), bound to their company: a
 * secret copied onto another company's row does not decrypt there.
 */
/** Every signing secret is this prefix and 32 base62 characters (readable as base64 too, as Standard Webhooks reads it). */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

const owner = (companyId: number) => `webhook-secret:company:${companyId}`;

export { isEncryptedSecret } from "./secrets-at-rest";

export const encryptWebhookSecret = (keyBase64: string, companyId: number, secret: string) =>
  encryptSecret(keyBase64, owner(companyId), secret);

/** Throws when the value was encrypted under another key or for another company, or was altered. */
export const decryptWebhookSecret = (keyBase64: string, companyId: number, stored: string) =>
  decryptSecret(keyBase64, owner(companyId), stored);
