import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";

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

const webhookSecretKey = () => randomBytes(32).toString("base64");

/**
 * A fresh clone has no .dev.vars: create it from the example with a random JWT secret and webhook
 * key. A .dev.vars from before the webhook key existed gets one added.
 */
export function ensureDevVars(file = DEV_VARS_FILE) {
  if (existsSync(file)) {
    if (readDevVars(file).WEBHOOK_SECRET_KEY) return;
    appendFileSync(file, `\nWEBHOOK_SECRET_KEY=${webhookSecretKey()}\n`);
    console.log(`Added a random WEBHOOK_SECRET_KEY to ${file}.`);
    return;
  }
  const example = readFileSync(".dev.vars.example", "utf8");
  writeFileSync(
    file,
    example
      .replace(/^JWT_SECRET=.*$/m, `JWT_SECRET=${randomBytes(32).toString("hex")}`)
      .replace(/^WEBHOOK_SECRET_KEY=.*$/m, `WEBHOOK_SECRET_KEY=${webhookSecretKey()}`),
  );
  console.log(`Created ${file} with a random JWT_SECRET and WEBHOOK_SECRET_KEY.`);
}

/** DATABASE_URL from the environment first, then .dev.vars. */
export const configuredDatabaseUrl = () => process.env.DATABASE_URL || readDevVars().DATABASE_URL || undefined;

/** Neon is reached through its own WebSocket proxy; every other Postgres needs the local bridge. */
export const needsLocalBridge = (url: string) => !new URL(url).hostname.endsWith(".neon.tech");
