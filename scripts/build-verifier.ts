import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { OFFLINE_VERIFIER_POLICY } from "../verifier/page/policy";
import { BUILD_DIR } from "./lib/current-build";
import { inlineScript } from "./lib/inline-script";

/**
 * Builds verifier.html (verifier/page): one self-contained file, its script (pdf.js included, run
 * on the page's own thread) inlined as a module, so it works offline and from a saved copy. The
 * Worker serves it at /verifier with the key history filled in (worker/routes/verifier.ts).
 */
const VERIFIER_FILE = join(BUILD_DIR, "client", "verifier.html");

const script = await inlineScript("verifier/page/main.ts", { format: "es", target: "es2022" });
const page = readFileSync("verifier/page/template.html", "utf8")
  .replace(
    "<!--VALUSEAL_POLICY-->",
    () => `<meta http-equiv="Content-Security-Policy" content="${OFFLINE_VERIFIER_POLICY}" />`,
  )
  .replace("<!--VALUSEAL_SCRIPT-->", () => `<script type="module">${script}</script>`);
mkdirSync(dirname(VERIFIER_FILE), { recursive: true });
writeFileSync(VERIFIER_FILE, page);
console.log(`${VERIFIER_FILE}: ${(page.length / 1024).toFixed(0)} KiB`);
