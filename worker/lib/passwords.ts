import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt (memory-hard, native in workerd via nodejs_compat). Parameters live in the hash, so they
 * can change: see docs/decisions/034-password-hashing-within-a-worker.md.
 * - `standard`: N=2^14, r=6, p=1: 12 MiB and about three quarters of r=8's CPU, so that the whole
 *   sign-in request, not only its hash, stays within its 50 ms of CPU (bench/RESULTS.md).
 * - `fast`: N=2^10, r=8, p=1 (about a millisecond), for test runs only: readConfig refuses it unless
 *   APP_ENV is "development", so suites that sign in hundreds of users spend their time on what they
 *   test. Hashes made with it verify only with their own (weak) parameters, never in production.
 */
export const PASSWORD_HASHING = {
  standard: { N: 2 ** 14, r: 6, p: 1 },
  fast: { N: 2 ** 10, r: 8, p: 1 },
} as const;

type PasswordHashing = keyof typeof PASSWORD_HASHING;

/**
 * How long after it began a failed sign-in answers, at the soonest. A wrong password costs the
 * stored hash's cost, which differs between accounts until each has signed in since the standard
 * changed (an earlier-cost hash takes several times today's), while an unknown email costs
 * today's: without a common floor, the time of a failure would tell registered emails from
 * unknown ones. The floor is above the costliest verification a stored hash can ask for
 * (EARLIER_STANDARD, about 230 ms of CPU). Waiting costs no CPU. Test runs hash at the fast cost
 * and wait less, but still longer than their hashes take, so the tests see the floor at work.
 */
export const FAILED_SIGN_IN_MS: Record<PasswordHashing, number> = { standard: 400, fast: 150 };

/**
 * The standard until 2026-11-27 (OWASP's N=2^15, r=8, p=3: 32 MiB and about 230 ms of CPU), the
 * costliest a stored hash can have. Such hashes still verify, and a sign-in replaces them with the
 * current standard (needsRehash), as it does those of N=2^14, r=8, p=1 (the standard until
 * 2026-11-29).
 */
export const EARLIER_STANDARD = { N: 2 ** 15, r: 8, p: 3 } as const;

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export function hashPassword(password: string, hashing: PasswordHashing = "standard"): Promise<string> {
  return hashPasswordWithCost(password, PASSWORD_HASHING[hashing]);
}

/** A hash at the given cost; hashPassword's costs are the ones to use (the tests and the bench make earlier hashes with it). */
export async function hashPasswordWithCost(password: string, { N, r, p }: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !N || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), Number(N), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a hash that just verified was made at another cost than the configured one: it is then replaced. */
export function needsRehash(stored: string, hashing: PasswordHashing): boolean {
  const { N, r, p } = PASSWORD_HASHING[hashing];
  return !stored.startsWith(`scrypt$${N}$${r}$${p}$`);
}

/**
 * Verified against when the email is unknown, so both failures take the same time: one per cost,
 * so an unknown email costs what a known one does under the configured hashing.
 */
export function dummyPasswordHash(hashing: PasswordHashing = "standard"): string {
  const { N, r, p } = PASSWORD_HASHING[hashing];
  return `scrypt$${N}$${r}$${p}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
}
