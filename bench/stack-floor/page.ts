import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";

/** Visible once the page's script has run: what the bench waits for. */
export const STACK_FLOOR_READY = "The fixed stack has drawn this screen";

/*
 * A signed-in screen on the brief's fixed stack and nothing of ours (bench/slow-network.ts): React,
 * react-router and react-query, drawing one sentence as soon as its script runs, with no data to
 * wait for and no stylesheet. On Slow 3G it is the least any screen of this React app can take, so
 * the app's own figures can be read against it. Kept as a string (no file of the app's, nor one
 * the typecheck reads as a page) and built by Vite with the app's minifier, into node_modules'
 * cache so its imports resolve from the project's packages.
 */
const PAGE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Fixed stack</title>
    <script type="module" src="./main.tsx"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const PAGE_SCRIPT = `import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes } from "react-router";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";

createRoot(document.getElementById("root")).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient()}>
      <BrowserRouter>
        <Routes>
          <Route path="*" element={<p>${STACK_FLOOR_READY}</p>} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
`;

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript" };

export interface StackFloorPage {
  origin: string;
  stop(): Promise<void>;
}

/** Builds the page and serves it over HTTP/1.1, gzipped as the app's assets are, on 127.0.0.1. */
export async function startStackFloorPage(): Promise<StackFloorPage> {
  const source = join("node_modules", ".cache", "valuseal-stack-floor");
  const out = join(source, "dist");
  rmSync(source, { recursive: true, force: true });
  mkdirSync(source, { recursive: true });
  writeFileSync(join(source, "index.html"), PAGE_HTML);
  writeFileSync(join(source, "main.tsx"), PAGE_SCRIPT);
  await build({
    configFile: false,
    root: source,
    logLevel: "error",
    publicDir: false,
    esbuild: { jsx: "automatic" },
    build: { outDir: "dist", emptyOutDir: true, minify: "esbuild", modulePreload: false },
  });
  // Every file of the build, read once, plain and gzipped (Node's default level).
  const served = new Map<string, { plain: Buffer; gzipped: Buffer }>();
  for (const path of ["index.html", ...readdirSync(join(out, "assets")).map((name) => `assets/${name}`)]) {
    const plain = readFileSync(join(out, path));
    served.set(path === "index.html" ? "/" : `/${path}`, { plain, gzipped: gzipSync(plain) });
  }
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://floor").pathname;
    const file = served.get(path);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
    response.writeHead(200, {
      "content-type": TYPES[extname(path === "/" ? "index.html" : path)] ?? "application/octet-stream",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
    });
    response.end(gzip ? file.gzipped : file.plain);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        rmSync(source, { recursive: true, force: true });
      }),
  };
}
