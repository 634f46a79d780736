import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { startSentryReceiver } from "#scripts/lib/sentry-receiver.ts";

/** Sentry's ingest, stood in for on loopback (scripts/lib/sentry-receiver.ts), for tests/api/error-reports.test.ts. */
export default async function setup(project: TestProject) {
  const receiver = await startSentryReceiver({ publicKey: randomBytes(16).toString("hex"), project: "4242" });
  project.provide("sentryReceiverUrl", receiver.url);
  project.provide("sentryDsn", receiver.dsn);
  return receiver.stop;
}

declare module "vitest" {
  export interface ProvidedContext {
    sentryReceiverUrl: string;
    sentryDsn: string;
  }
}
