import type { Context } from "hono";
import ipaddr from "ipaddr.js";

/**
 * Who a client is, for every limit and for the scan log's unique visitors (docs/decisions/026):
 * its network, not its full address. One home, office or phone gets a whole IPv6 /64 (2^64
 * addresses), so an IPv6 client is its /64; an IPv4 client (an IPv4-mapped IPv6 address included)
 * is its address. A wider budget per IPv6 /48 (`wide`) keeps a site that holds 65,536 /64s from
 * multiplying its budget as many times; IPv4 has none, a /24 being shared by unrelated customers.
 */
export interface ClientNetworks {
  /** The IPv4 address, or the IPv6 /64 (`2001:db8:1:2::/64`); "local" without CF-Connecting-IP. */
  network: string;
  /** The IPv6 /48 (`2001:db8:1::/48`), or null for IPv4 and for anything that is not an address. */
  wide: string | null;
}

/** Cloudflare sets CF-Connecting-IP on every request (clients cannot forge it); locally it is absent. */
const connectingAddress = (c: Context) => c.req.header("CF-Connecting-IP") ?? "local";

const prefix = (address: ipaddr.IPv6, hextets: number) =>
  `${address.parts
    .slice(0, hextets)
    .map((part) => part.toString(16))
    .join(":")}::/${hextets * 16}`;

/** The networks of an address as Cloudflare reports it; anything that is not an address is kept as it is. */
export function networksOf(address: string): ClientNetworks {
  if (!ipaddr.isValid(address)) return { network: address, wide: null };
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return { network: parsed.toString(), wide: null };
  const ipv6 = parsed as ipaddr.IPv6;
  return { network: prefix(ipv6, 4), wide: prefix(ipv6, 3) };
}

export const clientNetworks = (c: Context): ClientNetworks => networksOf(connectingAddress(c));

/** The client's network: its IPv6 /64, or its IPv4 address ("local" locally). */
export const clientNetwork = (c: Context): string => clientNetworks(c).network;

/**
 * The client part of a per-client key: the same as `clientNetwork`. The old name stays for the
 * call sites that build their own keys (`login:${clientAddress(c)}`), so every one of them counts
 * a network, never a single IPv6 address: a /64 cannot spread its attempts over 2^64 keys. It
 * never returns the full IPv6 address; nothing in the Worker keeps one.
 */
export const clientAddress = clientNetwork;
