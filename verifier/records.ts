import { compactVerify, decodeProtectedHeader, importJWK } from "jose";
import { SIGNING_ALGORITHM, type KeyHistory, type PublishedKey, type RecordType } from "../schema/signed-records";

export type RecordProblem =
  | "malformed"
  | "wrong-type"
  | "unknown-key"
  | "bad-signature"
  | "signed-after-compromise"
  | "signed-in-the-future"
  | "expired"
  /** The code's records disagree on what was issued, or one does not name the one before (verifier/chain.ts). */
  | "history-disagrees";

type RecordCheck<T> =
  | {
      ok: true;
      payload: T;
      key: PublishedKey;
      signedAt: Date;
      /**
       * The key was marked compromised later than this record says it was signed. Whoever took
       * the key could have backdated it: rely on it only with the record's place in the log under
       * a checkpoint signed before the compromise.
       */
      keyCompromisedLater: boolean;
    }
  | { ok: false; problem: RecordProblem; key?: PublishedKey };

/** A signing time more than this far ahead of the verifier's clock is refused, not believed. */
const CLOCK_SKEW_SECONDS = 300;

/**
 * Checks a signed record against a key history (the published /.well-known/jwks.json or a saved
 * copy): the type it claims, a known key, the signature over every byte, and that the key was not
 * known to be compromised when it signed (`iat`), and no signing time ahead of the verifier's clock.
 * A record with `exp` is refused once it has passed.
 * Nothing here needs a network: a verifier that kept the key history can check any record offline.
 */
export async function verifyRecord<T extends { iat: number; exp?: number }>(
  jws: string,
  history: KeyHistory,
  type: RecordType,
  now: Date = new Date(),
): Promise<RecordCheck<T>> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(jws.trim());
  } catch {
    return { ok: false, problem: "malformed" };
  }
  if (header.typ !== type) return { ok: false, problem: "wrong-type" };
  const key = history.keys.find((candidate) => candidate.kid === header.kid);
  if (!key || header.alg !== SIGNING_ALGORITHM) return { ok: false, problem: "unknown-key" };
  let payload: T;
  try {
    const publicKey = await importJWK({ kty: key.kty, crv: key.crv, x: key.x }, SIGNING_ALGORITHM);
    const verified = await compactVerify(jws.trim(), publicKey, { algorithms: [SIGNING_ALGORITHM] });
    payload = JSON.parse(new TextDecoder().decode(verified.payload)) as T;
  } catch {
    return { ok: false, problem: "bad-signature", key };
  }
  if (typeof payload !== "object" || payload === null || !Number.isSafeInteger(payload.iat) || payload.iat < 0) {
    return { ok: false, problem: "malformed", key };
  }
  if (payload.iat > now.getTime() / 1000 + CLOCK_SKEW_SECONDS)
    return { ok: false, problem: "signed-in-the-future", key };
  const signedAt = new Date(payload.iat * 1000);
  const compromisedAt = key.compromised_at ? new Date(key.compromised_at) : null;
  if (compromisedAt && !(signedAt < compromisedAt)) return { ok: false, problem: "signed-after-compromise", key };
  if (payload.exp !== undefined && !(Number.isSafeInteger(payload.exp) && now.getTime() < payload.exp * 1000)) {
    return { ok: false, problem: "expired", key };
  }
  return { ok: true, payload, key, signedAt, keyCompromisedLater: compromisedAt !== null };
}
