import type { TestProject } from "vitest/node";
import { startStripeEmulator } from "#scripts/lib/stripe-emulator.ts";

/**
 * The Stripe emulator for the API tests, on the port and with the secrets vitest.config.ts gave
 * the Worker. It posts no events itself (the Worker under test has no address it could reach):
 * tests take each signed event from /_emulator/events and deliver it, as often and as late as the
 * test needs.
 */
export default async function setup(project: TestProject) {
  const emulator = await startStripeEmulator({
    port: Number(process.env.VALUSEAL_TEST_STRIPE_PORT),
    secretKey: process.env.VALUSEAL_TEST_STRIPE_SECRET_KEY!,
    webhookSecret: process.env.VALUSEAL_TEST_STRIPE_WEBHOOK_SECRET!,
  });
  project.provide("stripeEmulatorUrl", emulator.url);
  project.provide("stripeWebhookSecret", process.env.VALUSEAL_TEST_STRIPE_WEBHOOK_SECRET!);
  return () => emulator.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    stripeEmulatorUrl: string;
    stripeWebhookSecret: string;
  }
}
