/**
 * Secrets the Worker must read back (webhook signing secrets, authenticator-app secrets), kept in
 * the database as AES-256-GCM ciphertext under WEBHOOK_SECRET_KEY, which lives in the Worker's
 * environment and never in the database: a copy of the database alone cannot sign alerts or
 * produce second-factor codes. The owner of the secret (a company, a user) is bound in as
 * associated data, so a value copied onto another row does not decrypt there.
 */
const PREFIX = "enc:v1:";
const IV_BYTES = 12;
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

const bytesToBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const base64ToBytes = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

function importKey(keyBase64: string): Promise<CryptoKey> {
  let key = keys.get(keyBase64);
  if (!key) {
    key = crypto.subtle.importKey("raw", base64ToBytes(keyBase64.trim()), "AES-GCM", false, ["encrypt", "decrypt"]);
    keys.set(keyBase64, key);
  }
  return key;
}

/** A value stored before secrets were encrypted has no prefix and is plaintext (re-encrypted when next written). */
export const isEncryptedSecret = (stored: string) => stored.startsWith(PREFIX);

/** `owner` names what the secret belongs to, e.g. "webhook-secret:company:12". */
export async function encryptSecret(keyBase64: string, owner: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(`valuseal:${owner}`) },
    await importKey(keyBase64),
    encoder.encode(secret),
  );
  return `${PREFIX}${bytesToBase64(iv)}:${bytesToBase64(new Uint8Array(sealed))}`;
}

/** Throws when the value was encrypted under another key or for another owner, or was altered. */
export async function decryptSecret(keyBase64: string, owner: string, stored: string): Promise<string> {
  if (!isEncryptedSecret(stored)) return stored;
  const [iv = "", sealed = ""] = stored.slice(PREFIX.length).split(":");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: base64ToBytes(iv), additionalData: encoder.encode(`valuseal:${owner}`) },
    await importKey(keyBase64),
    base64ToBytes(sealed),
  );
  return new TextDecoder().decode(plain);
}

const hashKeys = new Map<string, Promise<CryptoKey>>();

/** An HMAC key for one purpose, derived from WEBHOOK_SECRET_KEY with HKDF: each use gets its own key. */
function derivedHmacKey(keyBase64: string, purpose: string): Promise<CryptoKey> {
  const id = `${purpose}:${keyBase64}`;
  let key = hashKeys.get(id);
  if (!key) {
    key = (async () => {
      const master = await crypto.subtle.importKey("raw", base64ToBytes(keyBase64.trim()), "HKDF", false, [
        "deriveKey",
      ]);
      return crypto.subtle.deriveKey(
        { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: encoder.encode(`valuseal:${purpose}`) },
        master,
        { name: "HMAC", hash: "SHA-256", length: 256 },
        false,
        ["sign"],
      );
    })();
    hashKeys.set(id, key);
  }
  return key;
}

/**
 * A value the database must be able to find again but never hold in clear (a lender's loan
 * reference): its HMAC-SHA256, hex, under a key derived for `purpose`. Without the Worker's key a
 * copy of the database cannot test guesses against it.
 */
export async function keyedHash(keyBase64: string, purpose: string, value: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await derivedHmacKey(keyBase64, purpose), encoder.encode(value));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
