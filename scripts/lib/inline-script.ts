import { build, type Rollup } from "vite";

/**
 * One entry built into one minified script with everything it imports, ready to inline in a page's
 * <script> element: the offline verifier's (scripts/build-verifier.ts) and the landing page's guard
 * (scripts/build-landing.ts). A "</script" inside the code, which would end the element early, is
 * escaped. `define` replaces global names with the build's values (Vite's `define`).
 */
export async function inlineScript(
  input: string,
  options: { format: "es" | "iife"; target: string; define?: Record<string, string> },
): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: "warn",
    define: options.define,
    build: {
      write: false,
      minify: true,
      target: options.target,
      rollupOptions: { input, output: { format: options.format, codeSplitting: false } },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunk = (Array.isArray(result) ? result : [result])
    .flatMap((output) => output.output)
    .find((output): output is Rollup.OutputChunk => output.type === "chunk" && output.isEntry);
  if (!chunk) throw new Error(`The build of ${input} produced no script`);
  return chunk.code.trim().replace(/<\/script/gi, "<\\/script");
}
