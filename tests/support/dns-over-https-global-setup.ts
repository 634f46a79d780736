import type { TestProject } from "vitest/node";
import { startDnsOverHttps } from "./dns-over-https";

/**
 * The DNS-over-HTTPS resolver the API tests' Worker resolves webhook hosts with: its port is picked
 * in vitest.config.ts, where it becomes the WEBHOOK_DNS_RESOLVER binding.
 */
export default async function setup(project: TestProject) {
  const resolver = await startDnsOverHttps(Number(process.env.VALUSEAL_TEST_DOH_PORT));
  project.provide("dnsOverHttpsAddress", resolver.address);
  return resolver.close;
}

declare module "vitest" {
  export interface ProvidedContext {
    dnsOverHttpsAddress: string;
  }
}
