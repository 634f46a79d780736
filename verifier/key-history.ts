import type { KeyHistory, PublishedKey } from "../schema/signed-records";

const KEY_FIELDS = ["kty", "crv", "x", "kid", "alg", "use", "started_at"] as const;

const isKey = (value: unknown): value is PublishedKey => {
  const key = value as Record<string, unknown> | null;
  return (
    typeof key === "object" &&
    key !== null &&
    KEY_FIELDS.every((field) => typeof key[field] === "string") &&
    ["stopped_at", "compromised_at"].every((field) => key[field] === null || typeof key[field] === "string")
  );
};

/** A time set once stays as it was; one not yet set may be set (a key stops, or is reported compromised). */
const keptOrSet = (before: string | null, after: string | null) => before === null || before === after;

/**
 * Whether `newer` can only be a later publication of the key history `known` (the one the offline
 * verifier carries, or the one it last accepted): every known key is still there with the same
 * public key and start; a stop or a compromise once published is unchanged; and every key it adds
 * started after `known` was taken, since ValuSeal publishes a key the moment it starts signing. So a
 * dropped-in file can add news (a new key, a compromise) but never a key that would vouch for a
 * record dated before the history the person already trusts, nor unsay a compromise.
 */
export function keyHistoryExtends(known: KeyHistory, newer: unknown): newer is KeyHistory {
  const keys = (newer as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || !keys.every(isKey)) return false;
  if (new Set(keys.map((key) => key.kid)).size !== keys.length) return false;
  const byKid = new Map(keys.map((key) => [key.kid, key]));
  const kept = known.keys.every((before) => {
    const after = byKid.get(before.kid);
    return (
      after !== undefined &&
      KEY_FIELDS.every((field) => after[field] === before[field]) &&
      keptOrSet(before.stopped_at, after.stopped_at) &&
      keptOrSet(before.compromised_at, after.compromised_at)
    );
  });
  if (!kept) return false;
  const takenAt =
    known.generated_at ??
    known.keys
      .map((key) => key.started_at)
      .sort()
      .at(-1);
  const knownKids = new Set(known.keys.map((key) => key.kid));
  return keys.every(
    (key) => knownKids.has(key.kid) || (takenAt !== undefined && Date.parse(key.started_at) >= Date.parse(takenAt)),
  );
}
