import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import ts from "typescript";
import { filesUnder } from "./lib/package-imports";

/**
 * Fails when the source's import graph has a cycle: two modules that import each other, however
 * indirectly, cannot be read, moved or tested one without the other. Type-only imports count too:
 * they tie the files as tightly for a reader. Run by `npm run lint`.
 */
const ROOT = resolve(import.meta.dirname, "..");
const SOURCE_FOLDERS = ["worker", "schema", "verifier", "web", "scripts"];
const EXTENSIONS = [".ts", ".tsx"];

/** Every module specifier a file names: imports, re-exports and import() calls. */
function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative or `#folder/…` specifier (package.json "imports") names, if it is one of ours. */
function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".") && !specifier.startsWith("#")) return null;
  const base = specifier.startsWith("#")
    ? resolve(ROOT, specifier.slice(1).split("?")[0]!)
    : resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => `${base}/index${ext}`),
  ]) {
    if (EXTENSIONS.some((ext) => candidate.endsWith(ext)) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The import graph of the given files: each file's local imports. */
export function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => [
      file,
      specifiersOf(file)
        .map((specifier) => resolveLocal(file, specifier))
        .filter((target): target is string => target !== null),
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
