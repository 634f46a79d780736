import { createRequire } from "node:module";
import type { Plugin } from "vite";
import { LIMITS } from "../../schema/limits.ts";

/*
 * What the Worker's bundle leaves out of packages it uses only in part (issue 51: the upload and a
 * new isolate's start; decision 074). Each plugin answers one of the package's own imports with a
 * smaller module; the rest of the package is untouched. Plain Rollup hooks, so the same plugins
 * serve the Worker's build (vite.config.ts) and the API tests' dependency optimizer
 * (vitest.config.ts), and the tests check what production runs.
 */

/** The plugins the Worker's bundle is built with, never the browser's. */
export function workerBundlePlugins(): Plugin[] {
  return [zodEnglishOnly(), workerCommonPasswords()];
}

const require = createRequire(import.meta.url);
const ZOD_ENGLISH = "\0valuseal:zod-english";
const WORKER_COMMON_PASSWORDS = "\0valuseal:worker-common-passwords";

/**
 * zod with its English messages only. `@hono/zod-openapi` hands zod's whole `z` namespace to
 * `extendZodWithOpenApi`, so the bundler must keep every export of it, `z.locales` included: 63
 * languages' messages (167 KB minified) that no answer of ours uses (zod speaks English unless
 * `z.config` says otherwise, and we never do).
 */
function zodEnglishOnly(): Plugin {
  const english = require.resolve("zod/v4/locales/en.js");
  return {
    name: "valuseal:zod-english-only",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../locales/index.js" && importer && /[\\/]zod[\\/]v4[\\/]/.test(importer)) return ZOD_ENGLISH;
      return null;
    },
    load(id) {
      return id === ZOD_ENGLISH ? `export { default as en } from ${JSON.stringify(english)};` : null;
    },
  };
}

/** The Worker keeps the list's 10,000 most used passwords, and every longer one a person could choose. */
const MOST_USED_KEPT = 10_000;

/**
 * The Worker's common-password list: zxcvbn's 49,233 common and breached passwords are 214 KiB
 * gzipped, a fifth of the upload. The Worker keeps every entry a whole password could be (as long
 * as the minimum length or longer: 1,557 of them, so none is accepted by itself) and the 10,000
 * most used of the shorter ones, which make up most of a password built from pieces; 11,412 in all,
 * 49 KiB. The browser, where every person chooses their password, keeps the whole list and the
 * English words (decision 068), so only a script that skips the browser meets the shorter list.
 */
function workerCommonPasswords(): Plugin {
  return {
    name: "valuseal:worker-common-passwords",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "./passwords.json.mjs" && importer?.includes("@zxcvbn-ts/language-common"))
        return WORKER_COMMON_PASSWORDS;
      return null;
    },
    load(id) {
      if (id !== WORKER_COMMON_PASSWORDS) return null;
      const { dictionary } = require("@zxcvbn-ts/language-common") as { dictionary: Record<string, string[]> };
      const all = dictionary["passwords-common"]!;
      const kept = all.filter((password, rank) => rank < MOST_USED_KEPT || password.length >= LIMITS.passwordMin);
      return `export default ${JSON.stringify(kept)};`;
    },
  };
}
