import type { Context } from "hono";
import ipaddr from "ipaddr.js";

/** Cloudflare sets CF-Connecting-IP on every request; locally it is absent and all traffic shares one key. */
export const clientAddress = (c: Context) => c.req.header("CF-Connecting-IP") ?? "local";

/**
 * The client's network for a budget that guessing must not multiply: an IPv6 client is its /64
 * (one home or phone gets a whole /64, so each of its 2^64 addresses must not get a budget of its
 * own); an IPv4 client (an IPv4-mapped IPv6 address included) is its address.
 */
export function clientNetwork(c: Context): string {
  const address = clientAddress(c);
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(":")}::/64`;
}
