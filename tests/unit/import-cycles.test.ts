import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cyclesOf, importGraph } from "#scripts/check-import-cycles.ts";

describe("the import cycle check (npm run lint)", () => {
  it("finds a planted cycle, type-only imports and import() included, and passes a graph without one", async () => {
    const folder = await mkdtemp(join(tmpdir(), "cycles-"));
    const file = (name: string) => join(folder, name);
    await writeFile(file("a.ts"), 'import { b } from "./b";\nexport const a = b;\n');
    await writeFile(file("b.ts"), 'import type { C } from "./c";\nexport const b: C = 1;\n');
    await writeFile(file("c.ts"), 'export type C = number;\nexport const load = () => import("./a");\n');
    await writeFile(file("d.ts"), 'import { a } from "./a";\nexport const d = a;\n');
    const files = ["a.ts", "b.ts", "c.ts", "d.ts"].map(file);
    expect(cyclesOf(importGraph(files))).toEqual([["a.ts", "b.ts", "c.ts"].map(file)]);

    await writeFile(file("c.ts"), "export type C = number;\n");
    expect(cyclesOf(importGraph(files))).toEqual([]);
  });
});
