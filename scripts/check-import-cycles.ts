import { relative, resolve } from "node:path";
import { filesUnder, isLocalSpecifier, moduleSpecifiers, resolveLocal } from "./lib/package-imports";

/**
 * Fails when the source's import graph has a cycle: two modules that import each other, however
 * indirectly, cannot be read, moved or tested one without the other. Type-only imports count too:
 * they tie the files as tightly for a reader. Run by `npm run lint`.
 */
const ROOT = resolve(import.meta.dirname, "..");
const SOURCE_FOLDERS = ["worker", "schema", "verifier", "web", "scripts"];

/** The import graph of the given files: each file's local imports. */
export function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => [
      file,
      moduleSpecifiers(file, { runtimeOnly: false })
        .filter(isLocalSpecifier)
        .map((specifier) => resolveLocal(file, specifier))
        .filter((target): target is string => target !== null && /\.tsx?$/.test(target)),
    ]),
  );
}

/** The graph's cycles: its strongly connected components of more than one file, or a file importing itself. */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowLinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (file: string) => {
    indices.set(file, index);
    lowLinks.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!indices.has(target)) {
        connect(target);
        lowLinks.set(file, Math.min(lowLinks.get(file)!, lowLinks.get(target)!));
      } else if (onStack.has(target)) {
        lowLinks.set(file, Math.min(lowLinks.get(file)!, indices.get(target)!));
      }
    }
    if (lowLinks.get(file) === indices.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!indices.has(file)) connect(file);
  return cycles;
}

if (import.meta.filename === process.argv[1]) {
  const files = SOURCE_FOLDERS.flatMap((folder) => filesUnder(resolve(ROOT, folder), /\.tsx?$/)).filter(
    (file) => !file.endsWith(".d.ts"),
  );
  const cycles = cyclesOf(importGraph(files));
  if (cycles.length > 0) {
    for (const cycle of cycles) {
      console.error(
        `Import cycle of ${cycle.length} files:\n  ${cycle.map((file) => relative(ROOT, file)).join("\n  ")}`,
      );
    }
    process.exit(1);
  }
  console.log(`No import cycle among ${files.length} files.`);
}
