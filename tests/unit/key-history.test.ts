import { describe, expect, it } from "vitest";
import type { KeyHistory, PublishedKey } from "#schema/signed-records.ts";
import { keyHistoryExtends } from "#verifier/key-history.ts";

const key = (kid: string, startedAt: string, changes: Partial<PublishedKey> = {}): PublishedKey => ({
  kty: "OKP",
  crv: "Ed25519",
  x: `public-${kid}`,
  kid,
  alg: "EdDSA",
  use: "sig",
  started_at: startedAt,
  stopped_at: null,
  compromised_at: null,
  ...changes,
});

/** The history an offline verifier carries, taken on 1 June 2026. */
const carried: KeyHistory = {
  keys: [
    key("2026-01", "2026-01-01T00:00:00Z", { stopped_at: "2026-05-01T00:00:00Z" }),
    key("2026-05", "2026-05-01T00:00:00Z"),
  ],
  generated_at: "2026-06-01T00:00:00Z",
};

describe("a newer key history dropped into the offline verifier", () => {
  it("is accepted when it only adds: a key started since, a stop, a compromise", () => {
    expect(keyHistoryExtends(carried, carried)).toBe(true);
    const later = {
      keys: [
        carried.keys[0]!,
        { ...carried.keys[1]!, stopped_at: "2026-09-01T00:00:00Z", compromised_at: "2026-08-15T00:00:00Z" },
        key("2026-09", "2026-09-01T00:00:00Z"),
      ],
      generated_at: "2026-10-01T00:00:00Z",
    };
    expect(keyHistoryExtends(carried, later)).toBe(true);
  });

  it("is refused when it drops or changes a key, unsays a compromise, or adds a key dated before the carried copy", () => {
    const refused = [
      { keys: [carried.keys[1]!] },
      { keys: [carried.keys[0]!, { ...carried.keys[1]!, x: "someone-elses-key" }] },
      { keys: [carried.keys[0]!, { ...carried.keys[1]!, started_at: "2025-01-01T00:00:00Z" }] },
      { keys: [{ ...carried.keys[0]!, stopped_at: "2026-07-01T00:00:00Z" }, carried.keys[1]!] },
      { keys: [...carried.keys, key("backdated", "2026-03-01T00:00:00Z")] },
      { keys: [...carried.keys, carried.keys[1]!] },
      { keys: "all of them" },
      null,
    ];
    for (const newer of refused) expect(keyHistoryExtends(carried, newer), JSON.stringify(newer)).toBe(false);
    const compromised: KeyHistory = {
      keys: [carried.keys[0]!, { ...carried.keys[1]!, compromised_at: "2026-08-15T00:00:00Z" }],
    };
    expect(keyHistoryExtends(compromised, carried)).toBe(false);
  });
});
