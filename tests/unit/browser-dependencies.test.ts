import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { BROWSER_DEPENDENCIES } from "../../scripts/lib/browser-dependencies";

/**
 * vite.config.ts pre-bundles BROWSER_DEPENDENCIES so the dev server never discovers a package
 * mid-session (scripts/lib/browser-dependencies.ts says why). These tests read the browser code's
 * imports and fail when the list misses one or names one nothing imports any more.
 */

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * Imported by code the toolchain writes, not by our files: the JSX transform adds an import of the
 * dev runtime (dev server) or the runtime (build) to every .tsx file.
 */
const TOOLCHAIN_IMPORTS = ["react/jsx-dev-runtime", "react/jsx-runtime"];

function filesUnder(folder: string, pattern: RegExp): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return filesUnder(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/**
 * The module specifiers a file loads at run time: static imports and re-exports, `import()`
 * calls and side-effect imports. Type-only imports are left out, as the compiler erases them
 * (`import type`, `import { type A }`, `export type … from`, and `typeof import("x")`, which is a
 * type, not a call).
 */
function runtimeImports(file: string): string[] {
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
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          allTypes(node.exportClause.elements));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
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

/** A relative import as the bundler finds it: the path itself, or with .ts/.tsx, or its index.ts. */
function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!found) throw new Error(`${relative(ROOT, from)} imports ${specifier}, which is not a file`);
  return found;
}

/**
 * Every package the browser loads, exactly as imported (deep imports included), with the files
 * importing it: every web/ file, and the schema/ files they reach through relative imports.
 * `?url`/`?raw` imports are served as files, never pre-bundled, so they are left out; so are CSS
 * files, whose imports Vite's CSS pipeline resolves (see the CSS test below).
 */
function browserPackageImports(): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const queue = filesUnder(join(ROOT, "web"), /\.tsx?$/);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith(".")) {
        const target = resolveRelative(file, specifier);
        if (/\.tsx?$/.test(target)) queue.push(target);
      } else if (!specifier.includes("?")) {
        packages.set(specifier, [...(packages.get(specifier) ?? []), relative(ROOT, file)]);
      }
    }
  }
  return packages;
}

/** Bare `@import "x"` specifiers of the stylesheets under web/. */
function cssPackageImports(): string[] {
  return filesUnder(join(ROOT, "web"), /\.css$/).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/@import\s+(?:url\()?["']([^"']+)["']/g)]
      .map(([, specifier]) => specifier!)
      .filter((specifier) => !specifier.startsWith(".") && !specifier.startsWith("/")),
  );
}

describe("the browser dependencies Vite pre-bundles (optimizeDeps.include)", () => {
  const imported = browserPackageImports();

  it("reads the imports it is meant to: deep, lazy and schema imports; not type-only or ?url ones", () => {
    // Sanity checks of the scanner itself, on imports known to exist.
    expect(imported.get("react-dom/client")).toEqual(["web/main.tsx"]);
    expect(imported.get("pdfjs-dist")).toEqual(["web/lib/pdf/pdfjs.ts"]); // import("pdfjs-dist")
    expect(imported.get("ipaddr.js")).toEqual(["schema/validation/webhook.ts"]);
    expect([...imported.keys()].filter((name) => name.includes("?"))).toEqual([]);
    // schema/tables.ts (drizzle) is the Worker's; no browser file may load it (eslint forbids it too).
    expect(imported.has("drizzle-orm")).toBe(false);
  });

  it("lists every package the browser code imports, and nothing else", () => {
    const expected = [...new Set([...imported.keys(), ...TOOLCHAIN_IMPORTS])].sort();
    const missing = expected.filter((name) => !BROWSER_DEPENDENCIES.includes(name));
    const stale = BROWSER_DEPENDENCIES.filter((name) => !expected.includes(name));
    const where = missing.map((name) => `${name} (imported by ${imported.get(name)?.join(", ")})`);
    expect(where, "imported by the browser code but missing from scripts/lib/browser-dependencies.ts").toEqual([]);
    expect(stale, "in scripts/lib/browser-dependencies.ts but imported by no browser code").toEqual([]);
    expect(new Set(BROWSER_DEPENDENCIES).size, "listed twice").toBe(BROWSER_DEPENDENCIES.length);
  });

  it("names JavaScript modules only, each installed", () => {
    // A CSS-only package (@fontsource-variable/inter resolves to index.css) or a typo would make
    // the optimizer fail or bundle nothing useful.
    for (const name of BROWSER_DEPENDENCIES) {
      expect(import.meta.resolve(name), name).toMatch(/\.(m|c)?js$/);
    }
  });

  it("leaves the stylesheets' packages to Vite's CSS pipeline", () => {
    // web/styles.css @imports the Inter font's CSS and Tailwind: the CSS pipeline (and the Tailwind
    // plugin) resolves those; the optimizer only bundles JavaScript. Listing "tailwindcss" would
    // even pre-bundle Tailwind's compiler for the browser.
    const cssImports = cssPackageImports();
    expect(cssImports).toEqual(expect.arrayContaining(["@fontsource-variable/inter/wght.css", "tailwindcss"]));
    const cssPackages = cssImports.map((specifier) => specifier.replace(/^((?:@[^/]+\/)?[^/]+).*$/, "$1"));
    for (const name of BROWSER_DEPENDENCIES) {
      expect(cssPackages, `${name} comes in through CSS, not JavaScript`).not.toContain(name);
    }
  });
});
