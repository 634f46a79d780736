import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { openScriptDatabase, DATA_ROOT, DEV_SERVER_FILE, EMBEDDED_DATA_DIR, MAIL_DATA_DIR } from "./lib/database";
import { configuredDatabaseUrl, embeddedDatabasePassword, ensureDevVars, needsLocalBridge } from "./lib/dev-vars";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./lib/embedded-postgres";
import { count } from "drizzle-orm";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { places } from "../schema/tables";
import { seedPlaces } from "./seed-places";
import { startMailInbox } from "./lib/mail-inbox";
import { newStripeEmulatorSecrets, startStripeEmulator, stripeEmulatorVars } from "./lib/stripe-emulator";
import { darajaEmulatorVars, newDarajaEmulatorCredentials, startDarajaEmulator } from "./lib/daraja-emulator";
import { startDbBridge, type DbBridge } from "./lib/db-bridge";
import { makePrivateDirectory, usePrivateUmask, writePrivateFile } from "./lib/private-files";

/**
 * `npm run dev`: the database (embedded PGlite unless DATABASE_URL is set), the local
 * database bridge that stands in for Neon's HTTP endpoint and WebSocket proxy for non-Neon Postgres, a local inbox (MailDev) that
 * receives every email the app sends, then Vite with the Worker in workerd, all on
 * http://127.0.0.1:8787. No network calls are made at start.
 *
 * Other users of the machine get nothing: the embedded database asks for the password in
 * .dev.vars, and every file this process and its children write (.dev.vars, the database, the mail,
 * Vite's and workerd's local state) is readable by its owner only (docs/decisions/025).
 */
const PG_PORT = Number(process.env.VALUSEAL_PG_PORT ?? 54329);
const BRIDGE_PORT = Number(process.env.VALUSEAL_BRIDGE_PORT ?? 54330);
const SMTP_PORT = Number(process.env.VALUSEAL_SMTP_PORT ?? 1025);
const MAIL_UI_PORT = Number(process.env.VALUSEAL_MAIL_UI_PORT ?? 1080);
const STRIPE_PORT = Number(process.env.VALUSEAL_STRIPE_PORT ?? 12111);
const DARAJA_PORT = Number(process.env.VALUSEAL_DARAJA_PORT ?? 12112);
/** Emails carry absolute links, so the Worker must know the origin this server answers on. */
const portArgument = process.argv.indexOf("--port");
const DEV_ORIGIN = `http://127.0.0.1:${portArgument >= 0 ? process.argv[portArgument + 1] : 8787}`;

/** The gazetteer is loaded once into a new embedded database (`npm run db:seed` reloads it). */
async function seedPlacesOnFirstRun(db: PgDatabase<any, any>) {
  const [row] = await db.select({ total: count() }).from(places);
  if (!row?.total) console.log(`Loaded ${await seedPlaces(db)} places for location suggestions.`);
}

// First, before anything is written: MailDev writes each email with Node's default mode (0666 less the umask).
usePrivateUmask();
ensureDevVars();
makePrivateDirectory(DATA_ROOT);
let embedded: EmbeddedPostgres | undefined;
let bridge: DbBridge | undefined;
let databaseUrl = configuredDatabaseUrl();

if (databaseUrl) {
  const { db, close, description } = await openScriptDatabase();
  await seedPlacesOnFirstRun(db);
  await close();
  console.log(`Using DATABASE_URL (${description}); migrations applied.`);
} else {
  embedded = await startEmbeddedPostgres({
    dataDir: EMBEDDED_DATA_DIR,
    port: PG_PORT,
    password: embeddedDatabasePassword(),
  });
  await seedPlacesOnFirstRun(drizzle({ client: embedded.db }));
  databaseUrl = embedded.url;
  // For the operator scripts (db:migrate, db:seed, admin:create) while this server holds the folder.
  writePrivateFile(DEV_SERVER_FILE, JSON.stringify({ databaseUrl, pgPort: embedded.port, pid: process.pid }));
  console.log(
    `Embedded Postgres (${EMBEDDED_DATA_DIR}) listening on 127.0.0.1:${embedded.port}` +
      ` (user postgres, password EMBEDDED_DATABASE_PASSWORD in .dev.vars); migrations applied.`,
  );
}

if (needsLocalBridge(databaseUrl)) {
  // VALUSEAL_DB_LATENCY_MS and VALUSEAL_DB_MAX_CONNECTIONS reach it through the environment.
  bridge = await startDbBridge({ port: BRIDGE_PORT });
  const latency = bridge.latencyMs ? `, ${bridge.latencyMs} ms added each way` : "";
  console.log(
    `Database bridge for the Neon driver (HTTP and WebSocket) on 127.0.0.1:${bridge.port}` +
      ` (at most ${bridge.maxConnections} server connections per path${latency}).`,
  );
}

const inbox = await startMailInbox({ smtpPort: SMTP_PORT, uiPort: MAIL_UI_PORT, mailDirectory: MAIL_DATA_DIR });
console.log(`Emails the app sends arrive in the local inbox: ${inbox.url}`);

// Card payments go to a local Stripe emulator: its checkout page takes 4242 4242 4242 4242 (paid)
// and 4000 0000 0000 0002 (declined), and it posts signed events back to this server.
const stripeSecrets = newStripeEmulatorSecrets();
const stripe = await startStripeEmulator({
  port: STRIPE_PORT,
  ...stripeSecrets,
  webhookUrl: `${DEV_ORIGIN}/api/billing/stripe/events`,
});
console.log(`Card payments go to the local Stripe emulator: ${stripe.url} (card 4242 4242 4242 4242 pays)`);

// M-Pesa prompts go to a local Daraja emulator: its phone page (/phone) shows each prompt, where
// any 4-digit PIN pays, and it posts Safaricom-shaped callbacks back to this server.
const darajaCredentials = newDarajaEmulatorCredentials();
const daraja = await startDarajaEmulator({ port: DARAJA_PORT, ...darajaCredentials });
console.log(`M-Pesa prompts go to the local Daraja emulator: answer them on ${daraja.url}/phone`);

const vite = spawn(process.execPath, ["node_modules/vite/bin/vite.js", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: {
    ...process.env,
    VALUSEAL_DEV_DATABASE_URL: databaseUrl,
    ...(bridge ? { VALUSEAL_DEV_WS_PROXY: bridge.wsProxy, VALUSEAL_DEV_HTTP_ENDPOINT: bridge.httpEndpoint } : {}),
    VALUSEAL_DEV_SMTP_PORT: String(inbox.smtpPort),
    VALUSEAL_DEV_ORIGIN: DEV_ORIGIN,
    VALUSEAL_DEV_PAYMENTS: JSON.stringify({
      ...stripeEmulatorVars(stripe.url, stripeSecrets),
      ...darajaEmulatorVars(daraja.url, darajaCredentials),
    }),
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    DO_NOT_TRACK: "1",
  },
});

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  vite.kill("SIGTERM");
  await bridge?.close();
  await inbox.stop();
  await stripe.stop();
  await daraja.stop();
  // Closing PGlite flushes it to disk, so data survives the restart.
  await embedded?.close();
  rmSync(DEV_SERVER_FILE, { force: true });
  process.exit(code);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
vite.on("exit", (code) => void stop(code ?? 0));
