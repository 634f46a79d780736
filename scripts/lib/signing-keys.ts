import { createHash, generateKeyPairSync } from "node:crypto";

/**
 * A new platform signing key: an Ed25519 private JWK whose `kid` is its RFC 7638 thumbprint (the
 * SHA-256 of the public members in their canonical order), as one line of JSON for a secret.
 */
export function newSigningKey(): string {
  const { privateKey } = generateKeyPairSync("ed25519");
  const { x, d } = privateKey.export({ format: "jwk" }) as { x: string; d: string };
  const kid = createHash("sha256")
    .update(JSON.stringify({ crv: "Ed25519", kty: "OKP", x }))
    .digest("base64url");
  return JSON.stringify({ kty: "OKP", crv: "Ed25519", x, d, kid });
}

/** The key id of a SIGNING_KEY value. */
export const signingKeyId = (key: string) => (JSON.parse(key) as { kid: string }).kid;
