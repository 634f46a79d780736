import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createServer } from "vite";
import { BUILD_DIR } from "./lib/current-build";
import { inlineScript } from "./lib/inline-script";
import { SIGNED_IN_FRAME, SIGNED_IN_SCREENS } from "./lib/client-chunks";

/**
 * Makes the app's index.html readable before its script arrives (issue 51: the landing page on
 * Slow 3G, 2 s a round trip, within 4 s; decision 075). After `vite build`, it writes into
 * <build>/client/index.html:
 * - the stylesheet inline, its <link> kept but disabled: a stylesheet in the head holds back the
 *   first paint for one more round trip;
 * - the landing page and the signed-in frame's outline rendered ahead of time
 *   (web/app/prerender.tsx), each hidden unless…
 * - …the guard (web/landing-guard.ts), inline at the top of the head, finds the page is "/" for a
 *   visitor not signed in whose screens open in English (the landing page), or a signed-in screen's
 *   address on a device that keeps a session (the outline);
 * and names the guard's SHA-256 in the Content-Security-Policy of <build>/client/_headers, the one
 * inline script the app's pages may run. The guard is given the signed-in chunks' files, read from
 * the build's manifest (which is then removed: it is not one of the site's files).
 */
const CLIENT_DIR = join(BUILD_DIR, "client");
const INDEX_FILE = join(CLIENT_DIR, "index.html");
const HEADERS_FILE = join(CLIENT_DIR, "_headers");

/** A "</style" inside the stylesheet would end its element early. */
const inlineStyle = (css: string) => css.replace(/<\/style/gi, "<\\/style");

async function prerenderedHtml(): Promise<string> {
  // The page as an English visitor with nothing stored on the device first sees it.
  Object.assign(globalThis, { window: { location: new URL("https://valuseal.invalid/") } });
  Object.defineProperty(globalThis, "navigator", { value: { languages: ["en"] }, configurable: true });
  const server = await createServer({
    configFile: false,
    logLevel: "warn",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const prerender = (await server.ssrLoadModule("/web/app/prerender.tsx")) as {
      prerenderedPagesHtml: () => string;
    };
    return prerender.prerenderedPagesHtml();
  } finally {
    await server.close();
  }
}

/** The text with its one `find` replaced; a build that changed what is replaced fails here, not silently. */
function replaceOnce(text: string, find: string, replacement: string, what: string) {
  const matches = text.split(find).length - 1;
  if (matches !== 1) throw new Error(`Expected one ${what}, found ${matches}`);
  return text.replace(find, () => replacement);
}

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** The script files `source`'s chunk loads at once: its own and, recursively, those it imports. */
function chunkFiles(manifest: Manifest, source: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`The build's manifest has no ${source}`);
  if (files.has(`/${chunk.file}`)) return files;
  files.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, files);
  return files;
}

/** The signed-in frame's and each screen chunk's files, beyond those the page's entry loads anyway. */
function signedInScripts(): Record<string, string[]> {
  const manifestDir = join(CLIENT_DIR, ".vite");
  const manifest = JSON.parse(readFileSync(join(manifestDir, "manifest.json"), "utf8")) as Manifest;
  rmSync(manifestDir, { recursive: true, force: true });
  // What the entry loads anyway, and the frame's files once, not again in each screen's list.
  const entry = chunkFiles(manifest, "index.html");
  const frame = [...chunkFiles(manifest, SIGNED_IN_FRAME)].filter((file) => !entry.has(file));
  const loaded = new Set([...entry, ...frame]);
  const screens = Object.entries(SIGNED_IN_SCREENS).map(([name, source]) => [
    name,
    [...chunkFiles(manifest, source)].filter((file) => !loaded.has(file)),
  ]);
  return { frame, ...Object.fromEntries(screens) };
}

const guard = await inlineScript("web/landing-guard.ts", {
  format: "iife",
  target: "es2020",
  define: { SIGNED_IN_SCRIPTS: JSON.stringify(signedInScripts()) },
});
const prerendered = await prerenderedHtml();
let page = readFileSync(INDEX_FILE, "utf8");
const stylesheet = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/.exec(page);
if (!stylesheet) throw new Error(`${INDEX_FILE} links no stylesheet`);
const css = readFileSync(join(CLIENT_DIR, stylesheet[1]!), "utf8");
// The link stays, disabled (a disabled stylesheet is not fetched): Vite's loader of lazy chunks
// skips a stylesheet the page already links, and would otherwise fetch this one once more.
page = replaceOnce(
  page,
  stylesheet[0],
  `<style>${inlineStyle(css)}</style>\n    <link rel="stylesheet" href="${stylesheet[1]}" disabled />`,
  "stylesheet link",
);
page = replaceOnce(
  page,
  '<meta charset="UTF-8" />',
  `<meta charset="UTF-8" />\n    <script>${guard}</script>`,
  "charset",
);
page = replaceOnce(page, '<div id="root"></div>', `${prerendered}\n    <div id="root"></div>`, "root element");
writeFileSync(INDEX_FILE, page);

const guardHash = `'sha256-${createHash("sha256").update(guard).digest("base64")}'`;
const headers = readFileSync(HEADERS_FILE, "utf8");
writeFileSync(
  HEADERS_FILE,
  replaceOnce(headers, "script-src 'self';", `script-src 'self' ${guardHash};`, "script-src"),
);
console.log(
  `${INDEX_FILE}: the landing page and the outline inline (${(page.length / 1024).toFixed(0)} KiB), its guard ${guardHash}`,
);
