import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { BROWSER_DEPENDENCIES } from "./scripts/lib/browser-dependencies.ts";
import { scalarReference } from "./scripts/lib/scalar-reference.ts";
import { clientCodeSplitting } from "./scripts/lib/client-chunks.ts";
import { workerBundlePlugins } from "./scripts/lib/worker-bundle-plugins.ts";

/**
 * `npm run dev` (scripts/dev.ts) starts the database and the local inbox and passes their
 * addresses here; the values become Worker vars for the dev server only and are never written
 * into a build.
 */
function devVars() {
  const url = process.env.VALUSEAL_DEV_DATABASE_URL;
  if (!url) return {};
  // A developer's machine: webhooks may reach a receiver running on it.
  // A developer's machine busy with a build can take longer than production's 5 s to open a connection.
  const vars: Record<string, string> = { DATABASE_URL: url, APP_ENV: "development", DB_CONNECT_TIMEOUT_MS: "30000" };
  if (process.env.VALUSEAL_DEV_WS_PROXY) vars.DB_WS_PROXY = process.env.VALUSEAL_DEV_WS_PROXY;
  if (process.env.VALUSEAL_DEV_HTTP_ENDPOINT) vars.DB_HTTP_ENDPOINT = process.env.VALUSEAL_DEV_HTTP_ENDPOINT;
  if (process.env.VALUSEAL_DEV_SMTP_PORT && process.env.VALUSEAL_DEV_ORIGIN) {
    Object.assign(vars, {
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: process.env.VALUSEAL_DEV_SMTP_PORT,
      SMTP_SECURITY: "none",
      EMAIL_FROM: "ValuSeal <no-reply@valuseal.localhost>",
      PUBLIC_ORIGIN: process.env.VALUSEAL_DEV_ORIGIN,
    });
  }
  // The local Stripe emulator's keys and a test seller (scripts/dev.ts).
  if (process.env.VALUSEAL_DEV_PAYMENTS) Object.assign(vars, JSON.parse(process.env.VALUSEAL_DEV_PAYMENTS));
  return { vars };
}

/** The Worker's environment, named after it in wrangler.toml (the browser's is "client"). */
const isWorker = (environment: { name: string }) => environment.name === "valuseal";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    scalarReference(),
    ...workerBundlePlugins().map((plugin) => ({ ...plugin, applyToEnvironment: isWorker })),
    cloudflare({ config: devVars, inspectorPort: false }),
  ],
  server: { host: "127.0.0.1", port: 8787, strictPort: true },
  // The browser's dependencies, all pre-bundled at start-up (why: scripts/lib/browser-dependencies.ts).
  // Only the two pages are scanned for more: by default Vite would also scan any other .html file,
  // such as a parallel build's copy of index.html in .builds/.
  optimizeDeps: { include: BROWSER_DEPENDENCIES, entries: ["index.html", "check.html"] },
  // VALUSEAL_VITE_CACHE_DIR gives a throwaway dev server its own, empty optimizer cache
  // (tests/e2e/dev-server.test.ts), leaving the developer's node_modules/.vite alone.
  cacheDir: process.env.VALUSEAL_VITE_CACHE_DIR || "node_modules/.vite",
  preview: { host: "127.0.0.1", port: 8787, strictPort: true },
  // VALUSEAL_BUILD_DIR lets parallel browser-test runs build side by side (default dist/).
  build: {
    outDir: process.env.VALUSEAL_BUILD_DIR ?? "dist",
    sourcemap: process.env.VALUSEAL_SOURCEMAP === "1",
    chunkSizeWarningLimit: 400,
  },
  environments: {
    // The public check page (/v/<token>/check, /verify) is its own small entry, not the SPA. Set
    // for the browser build only: the Worker's build has its own entry (wrangler.toml's main).
    // The signed-in app's shared script in two chunks rather than dozens, evaluated in the modules'
    // own order whichever chunk arrives first (scripts/lib/client-chunks.ts).
    client: {
      build: {
        // Read by scripts/build-landing.ts (the signed-in chunks' files), which then removes it.
        manifest: true,
        rollupOptions: {
          input: { main: "index.html", check: "check.html" },
          output: { codeSplitting: clientCodeSplitting(), strictExecutionOrder: true },
        },
      },
    },
    // The Worker is minified as the browser's code is: a smaller upload, and less script to parse
    // when a new isolate takes its first request (issue 51). esbuild's minifier, because Vite's
    // default writes import("./x.js") as import(`./x.js`), which workerd's loader (Miniflare) refuses
    // as a dynamic specifier.
    valuseal: { build: { minify: "esbuild" } },
  },
});
