import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { tightenMode, writePrivateFile } from "./private-files";
import { newSigningKey } from "./signing-keys";

export const DEV_VARS_FILE = ".dev.vars";

/** Reads KEY=VALUE lines (the .dev.vars format wrangler uses); comments and blanks skipped. */
export function readDevVars(file = DEV_VARS_FILE): Record<string, string> {
  if (!existsSync(file)) return {};
  const vars: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (match) vars[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, "$2");
  }
  return vars;
}

/** The embedded database's password (`npm run dev`): random, kept in .dev.vars, in the Worker's DATABASE_URL. */
export const EMBEDDED_DATABASE_PASSWORD = "EMBEDDED_DATABASE_PASSWORD";

/** Secrets `npm run dev` generates, with the comment that explains each in .dev.vars. */
const GENERATED: Record<string, { comment: string; value: () => string }> = {
  JWT_SECRET: { comment: "Signs session tokens.", value: () => randomBytes(32).toString("hex") },
  WEBHOOK_SECRET_KEY: {
    comment: "Encrypts webhook signing secrets in the database.",
    value: () => randomBytes(32).toString("base64"),
  },
  SIGNING_KEY: {
    comment: "Signs certificates, statuses and the log's checkpoints (npm run keys:rotate replaces it).",
    // Single-quoted: the value is JSON, and dotenv keeps a single-quoted value exactly as written.
    value: () => `'${newSigningKey()}'`,
  },
  [EMBEDDED_DATABASE_PASSWORD]: {
    comment: "The embedded database's password: its port refuses any other (the Worker's DATABASE_URL carries it).",
    value: () => randomBytes(24).toString("hex"),
  },
};

/**
 * A fresh clone has no .dev.vars: create it from the example with a random JWT secret, webhook key,
 * signing key and embedded database password. An older .dev.vars gets the ones it lacks added. The file holds
 * secrets, so it is made readable by its owner only (0600), also when it existed with a looser mode.
 */
export function ensureDevVars(file = DEV_VARS_FILE, example = ".dev.vars.example") {
  let created = false;
  if (!existsSync(file)) {
    let content = readFileSync(example, "utf8");
    for (const [name, { value }] of Object.entries(GENERATED)) {
      content = content.replace(new RegExp(`^${name}=.*$`, "m"), () => `${name}=${value()}`);
    }
    writePrivateFile(file, content);
    created = true;
  }
  tightenMode(file);
  const present = readDevVars(file);
  const missing = Object.keys(GENERATED).filter((name) => !present[name]);
  if (missing.length) {
    const lines = missing.map((name) => `\n# ${GENERATED[name]!.comment}\n${name}=${GENERATED[name]!.value()}\n`);
    appendFileSync(file, lines.join(""));
  }
  const generated = created ? Object.keys(GENERATED) : missing;
  if (generated.length) {
    console.log(`${created ? "Created" : "Updated"} ${file} (mode 0600) with a random ${generated.join(", ")}.`);
  }
}

/** The embedded database's password from .dev.vars (ensureDevVars creates it). */
export function embeddedDatabasePassword(file = DEV_VARS_FILE): string {
  const password = readDevVars(file)[EMBEDDED_DATABASE_PASSWORD];
  if (!password) throw new Error(`${EMBEDDED_DATABASE_PASSWORD} is missing from ${file}`);
  return password;
}

/** DATABASE_URL from the environment first, then .dev.vars. */
export const configuredDatabaseUrl = () => process.env.DATABASE_URL || readDevVars().DATABASE_URL || undefined;

/** Neon is reached through its own WebSocket proxy; every other Postgres needs the local bridge. */
export const needsLocalBridge = (url: string) => !new URL(url).hostname.endsWith(".neon.tech");
