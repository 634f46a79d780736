import { chainHash, EMPTY_CHAIN_HASH, sha256Hex } from "./hashes";

/**
 * One log entry: as GET /log/entries serves it, its number and hashes; with the signed record
 * itself where the verifier holds it (its own code's, from /log/proof or a saved file).
 */
export interface LogEntry {
  seq: number;
  leafHash: string;
  chainHash: string;
  record?: string;
}

type LogBreak = {
  /** The first entry that does not hold: every later one fails with it. */
  seq: number;
  problem: "missing" | "leaf-hash" | "chain-hash";
};

/**
 * Recomputes the chain over consecutive entries starting after `previousHash` (the chain hash of
 * the entry before the first, or the empty log's for entry 1) and names the first entry whose
 * record (where given) no longer hashes to its leaf, or whose chain hash does not follow from the
 * one before.
 * Returns the last chain hash when everything holds, to compare with a signed checkpoint's.
 */
export async function verifyLogEntries(
  entries: readonly LogEntry[],
  previousHash = EMPTY_CHAIN_HASH,
  firstSeq = 1,
): Promise<{ ok: true; headHash: string; size: number } | ({ ok: false } & LogBreak)> {
  let head = previousHash;
  let expectedSeq = firstSeq;
  for (const entry of entries) {
    if (entry.seq !== expectedSeq) return { ok: false, seq: expectedSeq, problem: "missing" };
    if (entry.record !== undefined && (await sha256Hex(entry.record)) !== entry.leafHash) {
      return { ok: false, seq: entry.seq, problem: "leaf-hash" };
    }
    head = await chainHash(head, entry.leafHash);
    if (head !== entry.chainHash) return { ok: false, seq: entry.seq, problem: "chain-hash" };
    expectedSeq += 1;
  }
  return { ok: true, headHash: head, size: expectedSeq - 1 };
}

/** A checkpoint's claim: the log had `size` entries and this head hash. */
interface LogHead {
  size: number;
  headHash: string;
}

/**
 * Whether a newer checkpoint extends an older one: the entries after the older one's size, up to
 * the newer one's (hashes are enough), recompute the newer head from the older. For a hash chain
 * this is the consistency proof of RFC 9162 §2.1.4: a log that rewrote, removed or reordered any
 * entry the older checkpoint covered cannot produce it (docs/decisions/050).
 */
export async function extendsCheckpoint(
  older: LogHead,
  newer: LogHead,
  entriesBetween: readonly LogEntry[],
): Promise<boolean> {
  if (newer.size < older.size) return false;
  if (newer.size === older.size) return newer.headHash === older.headHash && entriesBetween.length === 0;
  const result = await verifyLogEntries(entriesBetween, older.headHash, older.size + 1);
  return result.ok && result.size === newer.size && result.headHash === newer.headHash;
}
