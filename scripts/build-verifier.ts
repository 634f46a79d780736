import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { build, type Rollup } from "vite";
import { OFFLINE_VERIFIER_POLICY } from "../verifier/page/policy";

/**
 * Builds verifier.html (verifier/page): one self-contained file, its script (pdf.js included, run
 * on the page's own thread) inlined as a module, so it works offline and from a saved copy. The
 * Worker serves it at /verifier with the key history filled in (worker/routes/verifier.ts).
 */
const VERIFIER_FILE = "dist/client/verifier.html";

const result = (await build({
  configFile: false,
  logLevel: "warn",
  build: {
    write: false,
    minify: true,
    target: "es2022",
    rollupOptions: {
      input: "verifier/page/main.ts",
      output: { format: "es", codeSplitting: false },
    },
  },
})) as Rollup.RollupOutput | Rollup.RollupOutput[];

const outputs = (Array.isArray(result) ? result : [result]).flatMap((output) => output.output);
const chunk = outputs.find((output): output is Rollup.OutputChunk => output.type === "chunk" && output.isEntry);
if (!chunk) throw new Error("The verifier's build produced no script");
// A "</script" inside the code would end the inline script early.
const script = chunk.code.replace(/<\/script/gi, "<\\/script");
const page = readFileSync("verifier/page/template.html", "utf8")
  .replace(
    "<!--VALUSEAL_POLICY-->",
    () => `<meta http-equiv="Content-Security-Policy" content="${OFFLINE_VERIFIER_POLICY}" />`,
  )
  .replace("<!--VALUSEAL_SCRIPT-->", () => `<script type="module">${script}</script>`);
mkdirSync(dirname(VERIFIER_FILE), { recursive: true });
writeFileSync(VERIFIER_FILE, page);
console.log(`${VERIFIER_FILE}: ${(page.length / 1024).toFixed(0)} KiB`);
