import type { TestProject } from "vitest/node";
import { startDarajaEmulator } from "#scripts/lib/daraja-emulator.ts";

/**
 * The Daraja emulator for the API tests (M-Pesa Express), on the port and with the credentials
 * vitest.config.ts gave the Worker. Its callbacks cannot reach the Worker under test (it has no
 * address): tests read each callback's body from /_emulator/prompts/<id> and deliver it, as often
 * and as late as the test needs.
 */
export default async function setup(project: TestProject) {
  const credentials = {
    consumerKey: process.env.VALUSEAL_TEST_DARAJA_CONSUMER_KEY!,
    consumerSecret: process.env.VALUSEAL_TEST_DARAJA_CONSUMER_SECRET!,
    shortCode: process.env.VALUSEAL_TEST_DARAJA_SHORT_CODE!,
    passkey: process.env.VALUSEAL_TEST_DARAJA_PASSKEY!,
  };
  const emulator = await startDarajaEmulator({ port: Number(process.env.VALUSEAL_TEST_DARAJA_PORT), ...credentials });
  project.provide("daraja", { url: emulator.url, ...credentials });
  return () => emulator.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    daraja: { url: string; consumerKey: string; consumerSecret: string; shortCode: string; passkey: string };
  }
}
