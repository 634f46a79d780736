import { inject } from "vitest";
import type { DnsRecords } from "../support/dns-over-https";
import type {} from "../support/dns-over-https-global-setup";

/**
 * Sets what `name` resolves to in the tests' DNS-over-HTTPS resolver (tests/support/dns-over-https.ts),
 * the one the Worker asks before each webhook delivery. Works from workerd and from node.
 */
export async function setDnsRecords(name: string, records: DnsRecords) {
  const res = await fetch(`${inject("dnsOverHttpsAddress")}/records/${encodeURIComponent(name)}`, {
    method: "PUT",
    body: JSON.stringify(records),
  });
  if (res.status !== 204) throw new Error(`the test resolver answered ${res.status}`);
}
