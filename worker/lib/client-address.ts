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
