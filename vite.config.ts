import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * `npm run dev` (scripts/dev.ts) starts the database and passes its address here; the values
 * become Worker vars for the dev server only and are never written into a build.
 */
function devDatabaseVars() {
  const url = process.env.VALUSEAL_DEV_DATABASE_URL;
  if (!url) return {};
  const vars: Record<string, string> = { DATABASE_URL: url };
  if (process.env.VALUSEAL_DEV_WS_PROXY) vars.DB_WS_PROXY = process.env.VALUSEAL_DEV_WS_PROXY;
  return { vars };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), cloudflare({ config: devDatabaseVars, inspectorPort: false })],
  server: { host: "127.0.0.1", port: 8787, strictPort: true },
  preview: { host: "127.0.0.1", port: 8787, strictPort: true },
  // VALUSEAL_BUILD_DIR lets parallel browser-test runs build side by side (default dist/).
  build: {
    outDir: process.env.VALUSEAL_BUILD_DIR ?? "dist",
    sourcemap: process.env.VALUSEAL_SOURCEMAP === "1",
    chunkSizeWarningLimit: 400,
  },
});
