import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BROWSER_DEPENDENCIES } from "#scripts/lib/browser-dependencies.ts";
import { filesUnder, packageImports, REPOSITORY_ROOT } from "#scripts/lib/package-imports.ts";

/**
 * vite.config.ts pre-bundles BROWSER_DEPENDENCIES so the dev server never discovers a package
 * mid-session (scripts/lib/browser-dependencies.ts says why). These tests read the browser code's
 * imports and fail when the list misses one or names one nothing imports any more.
 */

const ROOT = REPOSITORY_ROOT;

/**
 * Imported by code the toolchain writes, not by our files: the JSX transform adds an import of the
 * dev runtime (dev server) or the runtime (build) to every .tsx file.
 */
const TOOLCHAIN_IMPORTS = ["react/jsx-dev-runtime", "react/jsx-runtime"];

/** Files under web/ that run in Node while the app is built, never in a browser (scripts/build-landing.ts). */
const BUILD_TIME_FILES = ["web/app/prerender.tsx"];

/**
 * Every package the browser loads: every web/ file, and the schema/ files they reach. CSS files
 * are left out: Vite's CSS pipeline resolves their imports (see the CSS test below).
 */
function browserPackageImports(): Map<string, string[]> {
  const buildTime = new Set(BUILD_TIME_FILES.map((file) => join(ROOT, file)));
  return packageImports(filesUnder(join(ROOT, "web"), /\.tsx?$/).filter((file) => !buildTime.has(file)));
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
