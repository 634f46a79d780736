import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";
import { SCALAR_PATH } from "#worker/lib/api-reference.ts";

/**
 * The API reference at /docs runs Scalar's browser build (@scalar/api-reference), served from this
 * origin rather than a CDN: the page then loads nothing from a third party, works where jsDelivr is
 * blocked, and its version is the one in the lock file. This plugin serves the build's files under
 * /docs/scalar/ in `npm run dev` and writes them into the production build (the entry and its
 * lazily loaded chunks; no source maps).
 */

const BROWSER_BUILD = resolve("node_modules/@scalar/api-reference/dist/browser");

/** [path under /docs/scalar/, file on disk] for every file the reference may load. */
function referenceFiles(): [string, string][] {
  const chunks = readdirSync(join(BROWSER_BUILD, "chunks")).filter((name) => name.endsWith(".js"));
  return [
    ["standalone.esm.js", join(BROWSER_BUILD, "standalone.esm.js")],
    ...chunks.map((name): [string, string] => [`chunks/${name}`, join(BROWSER_BUILD, "chunks", name)]),
  ];
}

export function scalarReference(): Plugin {
  return {
    name: "valuseal-scalar-reference",
    configureServer(server) {
      const files = new Map(referenceFiles());
      server.middlewares.use(SCALAR_PATH, (req, res, next) => {
        const file = files.get(decodeURIComponent((req.url ?? "").split("?")[0]!.replace(/^\//, "")));
        if (!file) return next();
        res.setHeader("Content-Type", "text/javascript; charset=utf-8");
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      // The browser's build only: the Worker's bundle must not carry 4 MB of documentation script.
      if (this.environment.name !== "client") return;
      for (const [path, file] of referenceFiles()) {
        this.emitFile({ type: "asset", fileName: `${SCALAR_PATH.slice(1)}${path}`, source: readFileSync(file) });
      }
    },
  };
}
