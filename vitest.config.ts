import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { randomBytes } from "node:crypto";
import { freePort } from "./scripts/lib/free-port.ts";
import { newSigningKey } from "./scripts/lib/signing-keys.ts";
import { newStripeEmulatorSecrets, stripeEmulatorVars } from "./scripts/lib/stripe-emulator.ts";
import { darajaEmulatorVars, newDarajaEmulatorCredentials } from "./scripts/lib/daraja-emulator.ts";
import { workerBundlePlugins } from "./scripts/lib/worker-bundle-plugins.ts";
import { workerTestDependencies } from "./scripts/lib/worker-test-dependencies.ts";
import { SlowestFirstSequencer } from "./tests/support/sequencer.ts";
import { plannedTestDatabaseUrl } from "./tests/support/test-database.ts";

// Ports, the database URL and the bridge's secret path are picked once here (the Worker's bindings
// are fixed when the config loads) and shared with the global setups via env.
// The API suite runs on a real PostgreSQL server where one can be had, else PGlite; VALUSEAL_TEST_DATABASE chooses (tests/README.md).
process.env.VALUSEAL_TEST_PG_PORT ??= String(await freePort());
process.env.VALUSEAL_TEST_DATABASE_URL ??= plannedTestDatabaseUrl(Number(process.env.VALUSEAL_TEST_PG_PORT));
process.env.VALUSEAL_TEST_BRIDGE_PORT ??= String(await freePort());
process.env.VALUSEAL_TEST_BRIDGE_SECRET ??= randomBytes(16).toString("hex");
process.env.VALUSEAL_TEST_SMTP_PORT ??= String(await freePort());
process.env.VALUSEAL_TEST_MAIL_UI_PORT ??= String(await freePort());
process.env.VALUSEAL_TEST_DOH_PORT ??= String(await freePort());
process.env.VALUSEAL_TEST_STRIPE_PORT ??= String(await freePort());
const stripeSecrets = newStripeEmulatorSecrets();
process.env.VALUSEAL_TEST_STRIPE_SECRET_KEY ??= stripeSecrets.secretKey;
process.env.VALUSEAL_TEST_STRIPE_WEBHOOK_SECRET ??= stripeSecrets.webhookSecret;
process.env.VALUSEAL_TEST_DARAJA_PORT ??= String(await freePort());
const darajaCredentials = newDarajaEmulatorCredentials();
process.env.VALUSEAL_TEST_DARAJA_CONSUMER_KEY ??= darajaCredentials.consumerKey;
process.env.VALUSEAL_TEST_DARAJA_CONSUMER_SECRET ??= darajaCredentials.consumerSecret;
process.env.VALUSEAL_TEST_DARAJA_SHORT_CODE ??= darajaCredentials.shortCode;
process.env.VALUSEAL_TEST_DARAJA_PASSKEY ??= darajaCredentials.passkey;
// A fresh platform signing key per run: tests read its public half from /.well-known/jwks.json.
process.env.VALUSEAL_TEST_SIGNING_KEY ??= newSigningKey();

export const TEST_JWT_SECRET = "test-secret-that-is-at-least-32-characters-long";
/** 32 bytes, base64: the key webhook signing secrets are encrypted with in the API tests. */
export const TEST_WEBHOOK_SECRET_KEY = "dGVzdC13ZWJob29rLWtleS10aGlydHktdHdvLWJ5dGU=";

/**
 * Files that change what the whole platform answers run in projects of their own, each an
 * invocation with its own throwaway database (scripts/test-projects.ts runs them after the rest):
 * - importing a valuers' register: every valuer with a registration number is checked against the
 *   newest Kenyan list, whoever imported it, so a list imported beside other files would turn their
 *   verified firms' certificates amber;
 * - health: a stuck webhook delivery planted to see the 503 would fail any other file's health call;
 * - the log's archive: archiving moves every older record, and other files read the records' table.
 */
const ISOLATED_FILES = {
  api: ["tests/api/valuer-register.test.ts", "tests/api/health.test.ts", "tests/api/log-archive.test.ts"],
  e2e: ["tests/e2e/valuer-register.test.ts", "tests/e2e/system-health.test.ts", "tests/e2e/restore-drill.test.ts"],
};

interface ProjectFiles {
  include: string[];
  exclude?: string[];
}

const apiProject = (name: string, files: ProjectFiles) => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          DATABASE_URL: process.env.VALUSEAL_TEST_DATABASE_URL,
          // The bridge (tests/support/database-global-setup.ts) stands in for Neon's WebSocket proxy and HTTP endpoint.
          DB_WS_PROXY: `127.0.0.1:${process.env.VALUSEAL_TEST_BRIDGE_PORT}/${process.env.VALUSEAL_TEST_BRIDGE_SECRET}/v1`,
          DB_HTTP_ENDPOINT: `http://127.0.0.1:${process.env.VALUSEAL_TEST_BRIDGE_PORT}/${process.env.VALUSEAL_TEST_BRIDGE_SECRET}/sql`,
          // A machine running other work can take seconds to open a connection; production's 5 s
          // fail-fast is what tests/api/database-outage.test.ts checks.
          DB_CONNECT_TIMEOUT_MS: "30000",
          JWT_SECRET: TEST_JWT_SECRET,
          // The Worker runs locally: webhooks may reach the tests' receivers on loopback. Tests of
          // the production rules call the Worker with an environment without it.
          APP_ENV: "development",
          // A cheap scrypt cost: hundreds of sign-ups and sign-ins, none of them about hashing cost
          // (tests/unit/passwords.test.ts checks the production parameters).
          PASSWORD_HASHING: "fast",
          WEBHOOK_SECRET_KEY: TEST_WEBHOOK_SECRET_KEY,
          SIGNING_KEY: process.env.VALUSEAL_TEST_SIGNING_KEY,
          // Webhook hosts resolve through the tests' own resolver (tests/support/dns-over-https.ts).
          WEBHOOK_DNS_RESOLVER: `http://127.0.0.1:${process.env.VALUSEAL_TEST_DOH_PORT}/dns-query`,
          // Emails go over real SMTP to the tests' MailDev inbox (tests/support/maildev-global-setup.ts).
          SMTP_HOST: "127.0.0.1",
          SMTP_PORT: process.env.VALUSEAL_TEST_SMTP_PORT,
          SMTP_SECURITY: "none",
          EMAIL_FROM: "ValuSeal <no-reply@valuseal.test>",
          // The origin the tests call the Worker on (tests/api/fixtures/http.ts), so emailed links lead back to it.
          PUBLIC_ORIGIN: "http://valuseal.test",
          // Card payments through the Stripe emulator (tests/support/stripe-emulator-global-setup.ts).
          ...stripeEmulatorVars(`http://127.0.0.1:${process.env.VALUSEAL_TEST_STRIPE_PORT}`, {
            secretKey: process.env.VALUSEAL_TEST_STRIPE_SECRET_KEY!,
            webhookSecret: process.env.VALUSEAL_TEST_STRIPE_WEBHOOK_SECRET!,
          }),
          // M-Pesa through the Daraja emulator (tests/support/daraja-emulator-global-setup.ts); its
          // status queries at 2, 4 and 6 s instead of 20, 45 and 90.
          ...darajaEmulatorVars(
            `http://127.0.0.1:${process.env.VALUSEAL_TEST_DARAJA_PORT}`,
            {
              consumerKey: process.env.VALUSEAL_TEST_DARAJA_CONSUMER_KEY!,
              consumerSecret: process.env.VALUSEAL_TEST_DARAJA_CONSUMER_SECRET!,
              shortCode: process.env.VALUSEAL_TEST_DARAJA_SHORT_CODE!,
              passkey: process.env.VALUSEAL_TEST_DARAJA_PASSKEY!,
            },
            "2,4,6",
          ),
        },
      },
    }),
  ],
  test: {
    name,
    // Each package one module, bundled once per run (why: scripts/lib/worker-test-dependencies.ts).
    // The packages trimmed as the Worker's build trims them (vite.config.ts), so tests meet what production runs.
    deps: {
      optimizer: {
        ssr: { enabled: true, include: workerTestDependencies(), rolldownOptions: { plugins: workerBundlePlugins() } },
      },
    },
    include: files.include,
    exclude: files.exclude ?? [],
    setupFiles: ["tests/support/worker-lazy-modules.ts"],
    // Four files at a time on two cores: a file spends much of its time waiting (on the
    // database, its own setup, a rate-limit window, a webhook's backoff), and the others fill
    // those waits. Measured on this 2-core machine: 284 s with two, 234-290 s with three,
    // 222 s with four (the CPU 87 % busy instead of 80 %).
    maxWorkers: 4,
    globalSetup: [
      "tests/support/database-global-setup.ts",
      "tests/support/webhook-receiver-global-setup.ts",
      "tests/support/dns-over-https-global-setup.ts",
      "tests/support/outage-database-global-setup.ts",
      "tests/support/maildev-global-setup.ts",
      "tests/support/smtp-fault-global-setup.ts",
      "tests/support/stripe-emulator-global-setup.ts",
      "tests/support/daraja-emulator-global-setup.ts",
      "tests/support/sentry-receiver-global-setup.ts",
    ],
    // A busy CI machine (this suite beside the Node tests and the e2e build) has taken over 20 s
    // to carry a scan's alert through both queues; the waits for emails and deliveries allow
    // 45 s, within this.
    testTimeout: 60_000,
  },
});

const e2eProject = (name: string, files: ProjectFiles) => ({
  test: {
    name,
    include: files.include,
    exclude: files.exclude ?? [],
    environment: "node",
    globalSetup: ["tests/support/e2e-global-setup.ts"],
    // Two files at a time (maxWorkers above) against the one shared app server: 400 s against
    // 500 s one at a time. Three were no faster on a fresh clone (415 s) and a page's list
    // refresh then waited out its 30 s. Tests that read shared lists find their own rows by
    // tag or email.
    fileParallelism: true,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // API tests mostly wait (password hashing, rate-limit windows, the database): two workers on
    // two cores halve the suite's wall time. Browser tests opt out below (one shared app server).
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      apiProject("api", { include: ["tests/api/**/*.test.ts"], exclude: ISOLATED_FILES.api }),
      apiProject("api-isolated", { include: ISOLATED_FILES.api }),
      e2eProject("e2e", { include: ["tests/e2e/**/*.test.ts"], exclude: ISOLATED_FILES.e2e }),
      e2eProject("e2e-isolated", { include: ISOLATED_FILES.e2e }),
    ],
  },
});
