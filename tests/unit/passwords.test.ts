import { randomBytes, scryptSync } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { EARLIER_STANDARD, hashPassword, needsRehash, verifyPassword } from "#worker/lib/passwords.ts";

// A hash or check at the production cost takes a noticeable fraction of a second: the production
// hashes are made once and checked concurrently; the other rules are checked on cheap hashes.
const PASSWORD = "correct horse battery staple";
let stored: string;
let storedAgain: string;

beforeAll(async () => {
  [stored, storedAgain] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
});

/** A hash in the stored format at a cheap cost, made with Node's scrypt directly. */
function cheapHash(password: string, N = 1024, r = 8, p = 1): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 32, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

describe("hashPassword", () => {
  it("uses the production scrypt cost: N=2^14, r=6, p=1 (12 MiB), a 16-byte salt and a 32-byte key", () => {
    expect(stored).toMatch(/^scrypt\$16384\$6\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    const [, , , , salt, key] = stored.split("$");
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(key!, "base64")).toHaveLength(32);
  });

  it("salts every hash afresh, so equal passwords do not give equal hashes", () => {
    expect(storedAgain).toMatch(/^scrypt\$16384\$6\$1\$/);
    expect(storedAgain.split("$")[4]).not.toBe(stored.split("$")[4]);
    expect(storedAgain.split("$")[5]).not.toBe(stored.split("$")[5]);
  });
});

describe("needsRehash", () => {
  it("asks for a new hash when one was made at another cost than the configured one", async () => {
    expect(needsRehash(stored, "standard")).toBe(false);
    expect(needsRehash(stored, "fast")).toBe(true);
    const { N, r, p } = EARLIER_STANDARD;
    const saltAndKey = stored.split("$").slice(4).join("$");
    expect(needsRehash(`scrypt$${N}$${r}$${p}$${saltAndKey}`, "standard")).toBe(true);
    // The standard of 2026-11-27 to 2026-11-29.
    expect(needsRehash(`scrypt$16384$8$1$${saltAndKey}`, "standard")).toBe(true);
    expect(needsRehash(cheapHash(PASSWORD), "fast")).toBe(false);
  });
});

describe("verifyPassword", () => {
  it("accepts the password a production hash was made from and refuses a wrong one", async () => {
    const [right, wrong] = await Promise.all([
      verifyPassword(PASSWORD, stored),
      verifyPassword("correct horse battery stapl", stored),
    ]);
    expect(right).toBe(true);
    expect(wrong).toBe(false);
  });

  it("verifies with the parameters stored in the hash, so the cost can be raised later", async () => {
    expect(await verifyPassword(PASSWORD, cheapHash(PASSWORD))).toBe(true);
    expect(await verifyPassword("another password", cheapHash(PASSWORD))).toBe(false);
  });

  it("refuses when the stored parameters were changed, since they are part of the derivation", async () => {
    const hash = cheapHash(PASSWORD);
    expect(await verifyPassword(PASSWORD, hash.replace(/^scrypt\$1024\$/, "scrypt$2048$"))).toBe(false);
    expect(await verifyPassword(PASSWORD, hash.replace(/^scrypt\$1024\$8\$1\$/, "scrypt$1024$8$2$"))).toBe(false);
  });

  it("compares passwords as NFKC, so a ligature or full-width letter typed differently still signs in", async () => {
    expect(await verifyPassword("correct horse ﬁne staple", cheapHash("correct horse fine staple"))).toBe(true);
    expect(await verifyPassword("ｐａｓｓｗｏｒｄ１", cheapHash("password1"))).toBe(true);
  });

  it("refuses a stored value that is not an scrypt hash", async () => {
    const [, N, r, p, salt, key] = cheapHash(PASSWORD).split("$");
    for (const malformed of [
      "",
      "plain-text-password",
      `bcrypt$${N}$${r}$${p}$${salt}$${key}`,
      `scrypt$${N}$${r}$${p}$${salt}$`,
      `scrypt$${N}$${r}$${p}$${salt}`,
    ]) {
      expect(await verifyPassword(PASSWORD, malformed), malformed).toBe(false);
    }
  });
});
