import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

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

/** A fresh clone has no .dev.vars: create it from the example with a random JWT secret. */
export function ensureDevVars(file = DEV_VARS_FILE) {
  if (existsSync(file)) return;
  const example = readFileSync(".dev.vars.example", "utf8");
  writeFileSync(file, example.replace(/^JWT_SECRET=.*$/m, `JWT_SECRET=${randomBytes(32).toString("hex")}`));
  console.log(`Created ${file} with a random JWT_SECRET.`);
}

/** DATABASE_URL from the environment first, then .dev.vars. */
export const configuredDatabaseUrl = () => process.env.DATABASE_URL || readDevVars().DATABASE_URL || undefined;

/** Neon is reached through its own WebSocket proxy; every other Postgres needs the local bridge. */
export const needsLocalBridge = (url: string) => !new URL(url).hostname.endsWith(".neon.tech");
