import { z } from "zod";

/**
 * A published key: the public JWK with the times it started and stopped signing and, if it was
 * compromised, from when (ISO 8601). A record signed at or after `compromised_at` is refused.
 */
const publishedKeyAnswer = z.strictObject({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: z.string(),
  kid: z.string(),
  alg: z.literal("EdDSA"),
  use: z.literal("sig"),
  started_at: z.string(),
  stopped_at: z.string().nullable(),
  compromised_at: z.string().nullable(),
});
export type PublishedKey = z.infer<typeof publishedKeyAnswer>;

/** The platform's signing keys (GET /api/admin/signing-keys, and /.well-known/jwks.json's history). */
export const keyHistoryAnswer = z.strictObject({
  keys: z.array(publishedKeyAnswer),
  generated_at: z
    .string()
    .optional()
    .meta({ description: "When this copy of the history was taken (ISO 8601): a saved copy knows nothing after it" }),
});
export type KeyHistory = z.infer<typeof keyHistoryAnswer>;
