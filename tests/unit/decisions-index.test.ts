import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { DECISIONS_DIR, decisionsIndex } from "#scripts/lib/decisions-index.ts";

describe("the index of decision records", () => {
  it("lists every record with its date and status, as `npm run decisions:index` writes it", async () => {
    const index = await readFile(`${DECISIONS_DIR}/README.md`, "utf8");
    expect(index).toBe(await decisionsIndex("."));
    expect(index).toContain(
      "| [001 — Toolchain pinned to what runs on Node 20](001-toolchain-pins.md) | 2026-11-22 | Accepted |",
    );
    expect(index).toContain(
      "| [003 — Password hashing with scrypt in the Worker](003-password-hashing.md) | 2026-11-22 | Superseded in part by 034 |",
    );
  });
});
