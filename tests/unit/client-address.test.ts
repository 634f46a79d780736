import fc from "fast-check";
import { Context } from "hono";
import { describe, expect, it } from "vitest";
import { networksOf } from "#worker/lib/client-address.ts";
import { clientAddress, clientNetwork, clientNetworks } from "#worker/request/client-network.ts";

/** The rate-limit keys of a request that Cloudflare says came from `ip` (none: a local request). */
function keysOf(ip?: string) {
  const headers: Record<string, string> = ip === undefined ? {} : { "CF-Connecting-IP": ip };
  const c = new Context(new Request("https://valuseal.example/api/login", { headers }));
  return { address: clientAddress(c), network: clientNetwork(c), wide: clientNetworks(c).wide };
}

const hextet = fc.integer({ min: 0, max: 0xffff });
const hextets = (count: number) => fc.array(hextet, { minLength: count, maxLength: count });
const ipv6 = (parts: number[]) => parts.map((part) => part.toString(16)).join(":");
/** An all-zero start is where IPv4-mapped addresses live; those are keyed as IPv4. */
const nonZero = (count: number) => hextets(count).filter((parts) => parts.some((part) => part !== 0));

describe("clientAddress", () => {
  it("is the network, never a single IPv6 address, so keys built with it count a /64", () => {
    expect(keysOf("203.0.113.7").address).toBe("203.0.113.7");
    expect(keysOf("2001:db8::1").address).toBe("2001:db8:0:0::/64");
    expect(keysOf("2001:db8:abcd:12:1:2:3:4").address).toBe(keysOf("2001:db8:abcd:12:ffff::9").address);
    expect(keysOf().address).toBe("local");
  });
});

describe("clientNetwork", () => {
  it("is an IPv4 client's own address", () => {
    expect(keysOf("203.0.113.7").network).toBe("203.0.113.7");
    expect(keysOf("10.0.0.1").network).toBe("10.0.0.1");
    expect(keysOf("203.0.113.7").network).not.toBe(keysOf("203.0.113.8").network);
  });

  it("is an IPv6 client's /64, however the address is written", () => {
    expect(keysOf("2001:db8:abcd:12:1:2:3:4").network).toBe("2001:db8:abcd:12::/64");
    expect(keysOf("2001:DB8:ABCD:0012:ffff:ffff:ffff:ffff").network).toBe("2001:db8:abcd:12::/64");
    expect(keysOf("2001:db8::1").network).toBe("2001:db8:0:0::/64");
    expect(keysOf("::1").network).toBe("0:0:0:0::/64");
  });

  it("is the IPv4 address inside an IPv4-mapped IPv6 address, so both notations share one budget", () => {
    expect(keysOf("::ffff:203.0.113.7").network).toBe("203.0.113.7");
    expect(keysOf("::ffff:cb00:7107").network).toBe("203.0.113.7");
  });

  it("keeps anything that is not an address as it is", () => {
    expect(keysOf().network).toBe("local");
    expect(keysOf("unknown").network).toBe("unknown");
  });

  it("gives every address of one /64 the same key, and other /64s other keys", () => {
    const prefix = nonZero(4);
    fc.assert(
      fc.property(prefix, hextets(4), hextets(4), prefix, (network, first, second, otherNetwork) => {
        const key = keysOf(ipv6([...network, ...first])).network;
        expect(key).toBe(`${ipv6(network)}::/64`);
        expect(keysOf(ipv6([...network, ...second])).network).toBe(key);
        const other = keysOf(ipv6([...otherNetwork, ...first])).network;
        expect(other === key).toBe(ipv6(otherNetwork) === ipv6(network));
      }),
    );
  });
});

describe("the wider /48 budget", () => {
  it("is an IPv6 client's /48", () => {
    expect(keysOf("2001:db8:abcd:12:1:2:3:4").wide).toBe("2001:db8:abcd::/48");
    expect(keysOf("2001:DB8:ABCD:ffff::1").wide).toBe("2001:db8:abcd::/48");
    expect(networksOf("2001:db8::1")).toEqual({ network: "2001:db8:0:0::/64", wide: "2001:db8:0::/48" });
  });

  it("does not exist for IPv4 (mapped or not), a local request or anything that is not an address", () => {
    for (const ip of ["203.0.113.7", "::ffff:203.0.113.7", "::ffff:cb00:7107", "unknown"]) {
      expect(keysOf(ip).wide, ip).toBeNull();
    }
    expect(keysOf().wide).toBeNull();
  });

  it("is shared by every /64 of the /48, and differs from its /64 keys", () => {
    fc.assert(
      fc.property(nonZero(3), hextet, hextet, hextets(4), (site, subnet, otherSubnet, host) => {
        const one = networksOf(ipv6([...site, subnet, ...host]));
        const other = networksOf(ipv6([...site, otherSubnet, ...host]));
        expect(one.wide).toBe(`${ipv6(site)}::/48`);
        expect(other.wide).toBe(one.wide);
        expect(one.network === other.network).toBe(subnet === otherSubnet);
        expect(one.wide).not.toBe(one.network);
      }),
    );
  });
});
