import type { TestProject } from "vitest/node";
import { newDarajaEmulatorCredentials, startDarajaEmulator } from "#scripts/lib/daraja-emulator.ts";

/**
 * The Daraja emulator for the API tests (M-Pesa Express): fresh credentials per run, handed to the
 * tests that reach it. Its callbacks go wherever a prompt's CallBackURL says.
 */
export default async function setup(project: TestProject) {
  const credentials = newDarajaEmulatorCredentials();
  const emulator = await startDarajaEmulator(credentials);
  project.provide("daraja", { url: emulator.url, ...credentials });
  return () => emulator.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    daraja: { url: string; consumerKey: string; consumerSecret: string; shortCode: string; passkey: string };
  }
}
