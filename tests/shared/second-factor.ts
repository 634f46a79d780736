import { Secret, TOTP } from "otpauth";

/**
 * The authenticator app of the tests: the current six-digit code for a TOTP secret, computed as a
 * phone's app computes it (RFC 6238, SHA-1, 30-second steps). `stepsAhead` reads a later code, for
 * a test that needs a second code without waiting 30 seconds (the server accepts one step of drift).
 */
export function totpCode(secretBase32: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secretBase32), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}
