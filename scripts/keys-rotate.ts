import { readFileSync } from "node:fs";
import { DEV_VARS_FILE, ensureDevVars, readDevVars } from "./lib/dev-vars";
import { writePrivateFile } from "./lib/private-files";
import { newSigningKey, signingKeyId } from "./lib/signing-keys";

/**
 * `npm run keys:rotate`: a new platform signing key (docs/signed-records.md).
 * - Without arguments: replaces SIGNING_KEY in .dev.vars (restart `npm run dev`).
 * - `-- --print`: prints the new key only, for a deployment:
 *   `npm run keys:rotate -- --print | npx wrangler secret put SIGNING_KEY`.
 * The old key is not deleted anywhere: it stays published at /.well-known/jwks.json, and the first
 * record the new key signs marks it as stopped. A key that leaked is marked compromised by an
 * administrator (POST /api/admin/signing-keys/<kid>/compromise) before or after rotating.
 */
const key = newSigningKey();
if (process.argv.includes("--print")) {
  process.stdout.write(`${key}\n`);
} else {
  ensureDevVars();
  const previous = readDevVars().SIGNING_KEY;
  const content = readFileSync(DEV_VARS_FILE, "utf8").replace(/^SIGNING_KEY=.*$/m, () => `SIGNING_KEY='${key}'`);
  writePrivateFile(DEV_VARS_FILE, content);
  console.log(
    `New signing key ${signingKeyId(key)} written to ${DEV_VARS_FILE}${previous ? ` (it replaces ${signingKeyId(previous)}, which stays published)` : ""}. Restart npm run dev to sign with it.`,
  );
}
