import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { BUILD_DIR } from "#scripts/lib/current-build.ts";
import { freePort } from "#scripts/lib/free-port.ts";
import { startMailInbox } from "#scripts/lib/mail-inbox.ts";
import { startDbBridge } from "#scripts/lib/db-bridge.ts";
import { newSigningKey } from "#scripts/lib/signing-keys.ts";
import { newStripeEmulatorSecrets, startStripeEmulator, stripeEmulatorVars } from "#scripts/lib/stripe-emulator.ts";
import { darajaEmulatorVars, newDarajaEmulatorCredentials, startDarajaEmulator } from "#scripts/lib/daraja-emulator.ts";
import { serveBuiltApp } from "./built-app";
import { startDnsOverHttps } from "./dns-over-https";
import { plannedTestDatabaseUrl, startTestDatabase } from "./test-database";

export const E2E_JWT_SECRET = "e2e-secret-that-is-at-least-32-characters-long";
export const E2E_WEBHOOK_SECRET_KEY = "ZTJlLXdlYmhvb2sta2V5LXRoaXJ0eS10d28tYnl0ZXM=";

/** Waits until `url` answers with `expected` (the Worker and its database warm, not just the assets). */
async function waitForHttp(url: string, expected = 200, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status === expected) return;
    } catch {
      /* not answering yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`app server did not answer at ${url}`);
}

/**
 * Serves the production build (`vite build` output) in workerd (built-app.ts) — the same Worker and
 * assets that deploy — against a throwaway database, for the browser tests and `npm run
 * screenshots`: a real PostgreSQL server where one can be had, else PGlite in memory, chosen as
 * for the API suite (test-database.ts). Nothing outlives the run: the database is dropped and the
 * temporary folder (the server's env file, the inbox's mail) is removed on teardown.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = plannedTestDatabaseUrl(await freePort());
  const postgres = await startTestDatabase(databaseUrl);
  const bridge = await startDbBridge();
  const port = await freePort();
  const workDir = mkdtempSync(join(tmpdir(), "valuseal-e2e-"));
  // Ctrl-C ends the run without the teardown below; the folder still goes when the process exits.
  const removeWorkDir = () => rmSync(workDir, { recursive: true, force: true });
  process.once("exit", removeWorkDir);
  // A real inbox: the app emails confirmation, reset and invitation links, and tests follow them.
  const inbox = await startMailInbox({ smtpPort: 0, uiPort: 0, mailDirectory: join(workDir, "mail") });
  // Webhook hosts resolve through a resolver the tests control.
  const resolver = await startDnsOverHttps();
  // Card payments: the Stripe emulator serves Checkout and posts its signed events to the app.
  const stripeSecrets = newStripeEmulatorSecrets();
  const stripe = await startStripeEmulator({
    ...stripeSecrets,
    webhookUrl: `http://127.0.0.1:${port}/api/billing/stripe/events`,
  });
  // M-Pesa: the Daraja emulator shows prompts on its phone page and posts callbacks to the app;
  // status queries at 3, 6 and 9 s so a screen sees a prompt end without waiting a minute.
  const darajaCredentials = newDarajaEmulatorCredentials();
  const daraja = await startDarajaEmulator(darajaCredentials);
  const envFile = join(workDir, "e2e.env");
  writeFileSync(
    envFile,
    [
      `DATABASE_URL=${databaseUrl}`,
      `DB_WS_PROXY=${bridge.wsProxy}`,
      `DB_HTTP_ENDPOINT=${bridge.httpEndpoint}`,
      `JWT_SECRET=${E2E_JWT_SECRET}`,
      // A local server: webhooks may reach the tests' receivers on loopback.
      "APP_ENV=development",
      // A cheap scrypt cost for the many sign-ups and sign-ins (production's is checked by the unit tests).
      "PASSWORD_HASHING=fast",
      // A busy machine can take longer than production's 5 s to open a database connection.
      "DB_CONNECT_TIMEOUT_MS=30000",
      `WEBHOOK_SECRET_KEY=${E2E_WEBHOOK_SECRET_KEY}`,
      `SIGNING_KEY='${newSigningKey()}'`,
      `WEBHOOK_DNS_RESOLVER=${resolver.url}`,
      `PUBLIC_ORIGIN=http://127.0.0.1:${port}`,
      "SMTP_HOST=127.0.0.1",
      `SMTP_PORT=${inbox.smtpPort}`,
      "SMTP_SECURITY=none",
      "EMAIL_FROM=ValuSeal <no-reply@valuseal.test>",
      ...Object.entries({
        ...stripeEmulatorVars(stripe.url, stripeSecrets),
        ...darajaEmulatorVars(daraja.url, darajaCredentials, "3,6,9"),
      }).map(([name, value]) => `${name}='${value}'`),
    ].join("\n"),
  );
  const serverLog = process.env.VALUSEAL_E2E_SERVER_LOG;
  let server: Awaited<ReturnType<typeof serveBuiltApp>> | undefined;
  const appUrl = `http://127.0.0.1:${port}`;
  try {
    server = await serveBuiltApp({
      buildDir: BUILD_DIR,
      envFile,
      port,
      // VALUSEAL_E2E_SERVER_LOG=<file> keeps what the Worker logs there (tests/README.md).
      logFile: serverLog,
    });
    await waitForHttp(`${appUrl}/api/auth/user`, 401);
  } catch (error) {
    await server?.stop();
    await Promise.all([bridge.close(), postgres.stop(), inbox.stop(), resolver.close(), stripe.stop(), daraja.stop()]);
    removeWorkDir();
    throw error;
  }
  project.provide("appUrl", appUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("appEnvFile", envFile);
  project.provide("mailInboxUrl", inbox.url);
  project.provide("dnsOverHttpsAddress", resolver.address);
  project.provide("stripeEmulatorUrl", stripe.url);
  project.provide("darajaEmulatorUrl", daraja.url);
  return async () => {
    await server.stop();
    await bridge.close();
    await postgres.stop();
    await inbox.stop();
    await resolver.close();
    await stripe.stop();
    await daraja.stop();
    removeWorkDir();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    databaseUrl: string;
    /** The served app's settings, for a test that runs its cron in a second instance. */
    appEnvFile: string;
    /** The Daraja emulator the app's M-Pesa prompts go to (its phone page is /phone). */
    darajaEmulatorUrl: string;
  }
}
