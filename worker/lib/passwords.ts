import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt (memory-hard, native in workerd via nodejs_compat). Parameters live in the hash so they can
 * be raised later; see docs/decisions/003-password-hashing.md.
 * - `standard`: OWASP's N=2^15, r=8, p=3, the only cost a deployed Worker can use.
 * - `fast`: N=2^10, r=8, p=1 (about a millisecond), for test runs only: readConfig refuses it unless
 *   APP_ENV is "development", so suites that sign in hundreds of users spend their time on what they
 *   test. Hashes made with it verify only with their own (weak) parameters, never in production.
 */
export const PASSWORD_HASHING = {
  standard: { N: 2 ** 15, r: 8, p: 3 },
  fast: { N: 2 ** 10, r: 8, p: 1 },
} as const;
export type PasswordHashing = keyof typeof PASSWORD_HASHING;

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, hashing: PasswordHashing = "standard"): Promise<string> {
  const { N, r, p } = PASSWORD_HASHING[hashing];
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

/**
 * Verified against when the email is unknown, so both failures take the same time: one per cost,
 * so an unknown email costs what a known one does under the configured hashing.
 */
export function dummyPasswordHash(hashing: PasswordHashing = "standard"): string {
  const { N, r, p } = PASSWORD_HASHING[hashing];
  return `scrypt$${N}$${r}$${p}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
}
