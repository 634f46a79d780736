import type { Context } from "hono";
import { CompactSign, importJWK } from "jose";
import { SIGNING_ALGORITHM, type RecordType } from "../../schema/signed-records";
import type { SigningKey } from "../config";
import type { AppEnv } from "../env";
import { publicOrigin } from "./public-address";

/** Signs records with the platform's key (SIGNING_KEY); the public half travels with it for registration. */
export interface Signer {
  kid: string;
  /** The public JWK, as /.well-known/jwks.json publishes it. */
  publicJwk: { kty: "OKP"; crv: "Ed25519"; x: string; kid: string };
  sign(type: RecordType, payload: object): Promise<string>;
}

const signers = new Map<string, Promise<Signer>>();

async function createSigner(key: SigningKey): Promise<Signer> {
  const privateKey = await importJWK({ kty: key.kty, crv: key.crv, x: key.x, d: key.d }, SIGNING_ALGORITHM);
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
  }
  return signer;
}

/** Seconds since 1970, as JWS `iat` counts. */
export const secondsNow = () => Math.floor(Date.now() / 1000);

/** What signing a record needs: the platform's key and the origin that names the signer (`iss`). */
export interface RecordSigning {
  signer: Signer;
  origin: string;
}

/** The request's signing: the configured key and the public origin its codes carry. */
export async function recordSigning(c: Context<AppEnv>): Promise<RecordSigning> {
  return { signer: await signerFor(c.var.config.SIGNING_KEY), origin: publicOrigin(c) };
}
