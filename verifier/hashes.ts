/**
 * The hashes every ValuSeal verifier computes, in WebCrypto only, so the same code runs in the
 * Worker, in a browser without network (verifier.html) and in Node (npm run verify).
 */
const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");

const fromHex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
}

/** SHA-256 of bytes, or of a string's UTF-8, as 64 lowercase hexadecimal characters. */
export async function sha256Hex(input: Uint8Array | string): Promise<string> {
  return hex(await sha256(typeof input === "string" ? encoder.encode(input) : input));
}

/** The log's starting hash, before its first entry: 32 zero bytes. */
export const EMPTY_CHAIN_HASH = "0".repeat(64);

/** An entry's place in the chain: SHA-256(previous chain hash ‖ the entry's leaf hash), bytes not text. */
export async function chainHash(previousHex: string, leafHex: string): Promise<string> {
  const joined = new Uint8Array(64);
  joined.set(fromHex(previousHex), 0);
  joined.set(fromHex(leafHex), 32);
  return hex(await sha256(joined));
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

async function merkleTreeHash(leaves: Uint8Array[]): Promise<Uint8Array> {
  if (leaves.length === 0) return sha256(new Uint8Array());
  if (leaves.length === 1) return sha256(concat(Uint8Array.of(0), leaves[0]!));
  // The largest power of two smaller than the number of leaves splits the tree (RFC 9162, 2.1.1).
  let split = 1;
  while (split * 2 < leaves.length) split *= 2;
  const [left, right] = await Promise.all([
    merkleTreeHash(leaves.slice(0, split)),
    merkleTreeHash(leaves.slice(split)),
  ]);
  return sha256(concat(Uint8Array.of(1), left, right));
}

/**
 * The RFC 9162 Merkle tree hash of a sealed report's page fingerprints (each leaf the fingerprint's
 * 32 bytes), so one value in a record stands for every page in order.
 */
export async function pageFingerprintsRoot(fingerprints: readonly string[]): Promise<string> {
  return hex(await merkleTreeHash(fingerprints.map(fromHex)));
}
