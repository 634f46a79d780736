import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/**
 * Which packages a piece of our code loads, read from the sources: the lists Vite pre-bundles
 * (the browser's in vite.config.ts, the Worker tests' in vitest.config.ts) come from here or are
 * checked against it, so neither can miss a package that a lazily loaded file imports.
 */

const ROOT = resolve(import.meta.dirname, "../..");

export function filesUnder(folder: string, pattern: RegExp): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return filesUnder(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/**
 * The module specifiers a file names: static imports and re-exports, `import()` calls and
 * side-effect imports. With `runtimeOnly` (the default), type-only imports are left out, as the
 * compiler erases them (`import type`, `import { type A }`, `export type … from`, and
 * `typeof import("x")`, which is a type, not a call); the import-cycle check counts them too.
 */
export function moduleSpecifiers(file: string, { runtimeOnly = true } = {}): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const allTypes = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>) =>
    elements.length > 0 && elements.every((element) => element.isTypeOnly);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            allTypes(clause.namedBindings.elements)));
      if (!typeOnly || !runtimeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          allTypes(node.exportClause.elements));
      if (!typeOnly || !runtimeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Whether a specifier names a file of ours (relative, or a `#folder/…` alias of package.json "imports"), not a package. */
export const isLocalSpecifier = (specifier: string) => specifier.startsWith(".") || specifier.startsWith("#");

/**
 * A file of ours as the bundler finds it: a relative import (the path itself, or with .ts/.tsx, or
 * its index.ts), or a `#folder/…` alias, which names the file exactly; null when there is none.
 */
export function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith("#")
    ? resolve(ROOT, specifier.slice(1).split("?")[0]!)
    : resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/**
 * Every package the given files load, exactly as imported (deep imports included), with the
 * files importing it (relative to the repository): the files themselves and every file of ours they
 * reach through relative imports. `?url`/`?raw` imports are served as files, never bundled, so they
 * are left out.
 */
export function packageImports(entries: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const queue = [...entries];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of moduleSpecifiers(file)) {
      if (isLocalSpecifier(specifier)) {
        const target = resolveLocal(file, specifier);
        if (!target) throw new Error(`${relative(ROOT, file)} imports ${specifier}, which is not a file`);
        if (/\.tsx?$/.test(target)) queue.push(target);
      } else if (!specifier.includes("?")) {
        packages.set(specifier, [...(packages.get(specifier) ?? []), relative(ROOT, file)]);
      }
    }
  }
  return packages;
}

/** A module the runtime provides (node:…, cloudflare:…, workerd:…), never a package to bundle. */
export function isRuntimeModule(specifier: string): boolean {
  return /^(node|cloudflare|workerd):/.test(specifier);
}

/** The repository's root, for callers that name entries relative to it. */
export const REPOSITORY_ROOT = ROOT;
