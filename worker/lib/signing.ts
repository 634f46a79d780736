import { calculateJwkThumbprint, CompactSign, compactVerify, importJWK } from "jose";
import { SIGNING_ALGORITHM, type RecordType } from "#schema/signed-records.ts";
import { ConfigError, type SigningKey } from "../config";

/** Signs records with the platform's key (SIGNING_KEY); the public half travels with it for registration. */
export interface Signer {
  kid: string;
  /** The public JWK, as /.well-known/jwks.json publishes it. */
  publicJwk: { kty: "OKP"; crv: "Ed25519"; x: string; kid: string };
  sign(type: RecordType, payload: object): Promise<string>;
}

const signers = new Map<string, Promise<Signer>>();

/**
 * The key must be what it says: its `kid` the thumbprint of its public half, and its private half
 * the one that public key verifies. A mismatch would sign records no published key can check, so
 * it stops the Worker at its first signature instead.
 */
async function assertConsistent(key: SigningKey, privateKey: CryptoKey | Uint8Array) {
  const thumbprint = await calculateJwkThumbprint({ kty: key.kty, crv: key.crv, x: key.x });
  if (thumbprint !== key.kid) {
    throw new ConfigError("SIGNING_KEY's kid is not the thumbprint of its public key (npm run keys:rotate)");
  }
  const probe = await new CompactSign(new TextEncoder().encode("probe"))
    .setProtectedHeader({ alg: SIGNING_ALGORITHM })
    .sign(privateKey);
  const publicKey = await importJWK({ kty: key.kty, crv: key.crv, x: key.x }, SIGNING_ALGORITHM);
  await compactVerify(probe, publicKey).catch(() => {
    throw new ConfigError("SIGNING_KEY's private and public halves do not belong together (npm run keys:rotate)");
  });
}

async function createSigner(key: SigningKey): Promise<Signer> {
  const privateKey = await importJWK({ kty: key.kty, crv: key.crv, x: key.x, d: key.d }, SIGNING_ALGORITHM);
  await assertConsistent(key, privateKey);
  const encoder = new TextEncoder();
  return {
    kid: key.kid,
    publicJwk: { kty: key.kty, crv: key.crv, x: key.x, kid: key.kid },
    sign: (type, payload) =>
      new CompactSign(encoder.encode(JSON.stringify(payload)))
        .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: type })
        .sign(privateKey),
  };
}

/** The signer for a key, imported once per isolate (the import is the costly part, not a signature). */
export function signerFor(key: SigningKey): Promise<Signer> {
  let signer = signers.get(key.kid);
  if (!signer) {
    signer = createSigner(key);
    signers.set(key.kid, signer);
    // A key that failed its check is tried again on the next request, not cached as failed.
    signer.catch(() => signers.delete(key.kid));
  }
  return signer;
}

/** Seconds since 1970, as JWS `iat` counts. */
export const secondsNow = () => Math.floor(Date.now() / 1000);

/**
 * What the database holds disagrees with what ValuSeal signed (docs/decisions/050): a code's row
 * with its last signed record, or the log's head with the last signed checkpoint. Nothing is
 * signed from it; the administrators are told.
 */
export interface RecordDisagreement {
  /** The code's public token, or "log" for the log's head. */
  subject: string;
  problem: string;
}

/**
 * What signing a record needs: the platform's key, the origin that names the signer (`iss`),
 * where a disagreement found while signing is reported (the administrators, by email), and where
 * the records it signs from may be archived.
 */
export interface RecordSigning {
  signer: Signer;
  origin: string;
  reportDisagreement: (disagreement: RecordDisagreement) => void;
  /** Where the log's older records are kept (R2): a change is signed from the code's last record. */
  archive: LogArchive;
}

/**
 * The bucket that holds the log's older records (worker/services/records/log-archive.ts): the
 * evidence R2 bucket, named by the two calls the archive makes of it.
 */
export interface LogArchive {
  get(key: string, options: { range: { offset: number; length: number } }): Promise<{ text(): Promise<string> } | null>;
  put(key: string, value: string, options: { httpMetadata: { contentType: string }; sha256: string }): Promise<unknown>;
}
